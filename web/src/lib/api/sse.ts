/** One server-sent event: its name (default 'message') and its data lines joined by "\n". */
export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface EventStreamHandlers {
  onEvent: (event: ServerSentEvent) => void;
  /** A comment line (`: ping`): proof that the connection is alive. */
  onComment?: (text: string) => void;
}

/**
 * Reads a text/event-stream body until it ends (or the signal aborts the
 * fetch). Handles events split across chunks, CRLF line ends, several data
 * lines and comments. Resolves when the stream ends.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  { onEvent, onComment }: EventStreamHandlers,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) {
      onComment?.(text.slice(1).trim());
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    // id and retry are not used by our server
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline !== -1) {
        const text = buffer.slice(0, newline);
        const width = buffer.startsWith('\r\n', newline) ? 2 : 1;
        // A lone \r at the very end may be the first half of \r\n: wait for more.
        if (width === 1 && buffer[newline] === '\r' && newline === buffer.length - 1) break;
        buffer = buffer.slice(newline + width);
        line(text);
        newline = buffer.search(/\r\n|\r|\n/);
      }
    }
    buffer += decoder.decode();
    if (buffer !== '') line(buffer);
    dispatch();
  } finally {
    reader.releaseLock();
  }
}
