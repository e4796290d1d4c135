import { describe, expect, it } from 'vitest';
import { readEventStream, type ServerSentEvent } from './sse';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      c.close();
    },
  });
}

describe('readEventStream', () => {
  it('reads events split across chunks, CRLF, several data lines and comments', async () => {
    const events: ServerSentEvent[] = [];
    const comments: string[] = [];
    await readEventStream(
      streamOf(['event: tok', 'en\ndata: {"text":"Hal', 'lo"}\n\n', ': ping\r\n\r\n', 'data: a\r\ndata: b\r\n\r\n', 'event: done\ndata: {}\n\n']),
      { onEvent: (e) => events.push(e), onComment: (c) => comments.push(c) },
    );
    expect(events).toEqual([
      { event: 'token', data: '{"text":"Hallo"}' },
      { event: 'message', data: 'a\nb' },
      { event: 'done', data: '{}' },
    ]);
    expect(comments).toEqual(['ping']);
  });

  it('handles multi-byte characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: Grüße\n\n');
    const events: ServerSentEvent[] = [];
    await readEventStream(
      new ReadableStream({
        start(c) {
          c.enqueue(bytes.slice(0, 9));
          c.enqueue(bytes.slice(9));
          c.close();
        },
      }),
      { onEvent: (e) => events.push(e) },
    );
    expect(events).toEqual([{ event: 'message', data: 'Grüße' }]);
  });
});
