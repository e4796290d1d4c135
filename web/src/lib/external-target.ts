// Its own module: lib/navigation is part of every first page's script, this is not.

/** A link from the server to another site (an identity provider's) when it is http(s); null for anything else. */
export function externalTarget(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
