/** The largest avatar the server takes: 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif'];

/** Why a file cannot be an avatar (the server gives the same answers). */
export type AvatarProblem = 'type' | 'size' | 'invalid' | 'unreadable';

/** True when the first bytes are a JPEG, PNG or GIF signature. */
export function hasImageSignature(bytes: Uint8Array): boolean {
  const starts = (sig: readonly number[]) => sig.every((b, i) => bytes[i] === b);
  return (
    starts([0xff, 0xd8, 0xff]) ||
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  );
}

function readHead(file: Blob, length: number): Promise<ArrayBuffer> {
  const head = file.slice(0, length);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (reader.result instanceof ArrayBuffer) resolve(reader.result);
      else reject(new Error('no ArrayBuffer'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * Checks a chosen file before the upload, in the server's order: declared
 * type, size (2 097 152 bytes), then the magic bytes. Null when it is fine.
 */
export async function checkAvatarFile(file: File): Promise<AvatarProblem | null> {
  if (!AVATAR_TYPES.includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  let head: ArrayBuffer;
  try {
    head = await readHead(file, 12);
  } catch {
    return 'unreadable';
  }
  return hasImageSignature(new Uint8Array(head)) ? null : 'invalid';
}
