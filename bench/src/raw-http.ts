import net from 'node:net';

/**
 * One keep-alive HTTP/1.1 connection that sends a prepared request (bytes built once) and reads each
 * answer's status and body length, nothing more: a load generator that costs the cores it shares with
 * the servers as little as possible (node:http's client took about 0.4 ms of CPU per request on the bench
 * machine, a third of what the BFF itself costs). Answers are framed by Content-Length or chunked
 * encoding; one request at a time per connection (no pipelining).
 */
export class RawConnection {
  readonly #socket: net.Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #onAnswer: ((status: number) => void) | undefined;
  #onFailure: ((error: Error) => void) | undefined;
  #ready: Promise<void>;
  #failed: Error | undefined;

  constructor(port: number, host: string) {
    this.#socket = net.connect(port, host);
    this.#socket.setNoDelay(true);
    this.#ready = new Promise((resolve, reject) => {
      this.#socket.once('connect', () => resolve());
      this.#socket.once('error', reject);
    });
    this.#socket.on('data', (chunk: Buffer) => this.#read(chunk));
    const fail = (error: Error) => {
      this.#failed ??= error;
      const onFailure = this.#onFailure;
      this.#onAnswer = undefined;
      this.#onFailure = undefined;
      onFailure?.(error);
    };
    this.#socket.on('error', fail);
    this.#socket.on('close', () => fail(new Error('connection closed')));
  }

  /** Sends `request` and resolves with the answer's status once its last byte has arrived. */
  async send(request: Buffer): Promise<number> {
    await this.#ready;
    if (this.#failed) throw this.#failed;
    if (this.#onAnswer) throw new Error('one request at a time on a connection');
    return new Promise((resolve, reject) => {
      this.#onAnswer = resolve;
      this.#onFailure = reject;
      this.#socket.write(request);
    });
  }

  /** False once the connection broke or the server closed it (an idle one, after its keep-alive time). */
  get usable(): boolean {
    return this.#failed === undefined;
  }

  close() {
    this.#socket.destroy();
  }

  #read(chunk: Buffer) {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const headEnd = this.#buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.#buffer.subarray(0, headEnd).toString('latin1');
    const status = Number(head.slice(9, 12));
    const bodyStart = headEnd + 4;
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let end: number | undefined;
    if (length) {
      const total = bodyStart + Number(length[1]);
      if (this.#buffer.length >= total) end = total;
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      end = chunkedEnd(this.#buffer, bodyStart);
    } else {
      this.#socket.destroy(new Error(`answer without a length: ${head.split('\r\n')[0]}`));
      return;
    }
    if (end === undefined) return;
    // Anything after the answer would be a second answer nobody asked for: the server broke framing.
    if (this.#buffer.length > end) {
      this.#socket.destroy(new Error('bytes after the answer'));
      return;
    }
    this.#buffer = Buffer.alloc(0);
    const onAnswer = this.#onAnswer;
    this.#onAnswer = undefined;
    this.#onFailure = undefined;
    onAnswer?.(status);
  }
}

/** Where a chunked body that starts at `start` ends (after its last chunk and trailers), if it has. */
function chunkedEnd(buffer: Buffer, start: number): number | undefined {
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) {
      // The last chunk's line, any trailer lines, then an empty line.
      const trailersEnd = buffer.indexOf('\r\n\r\n', lineEnd);
      return trailersEnd < 0 ? undefined : trailersEnd + 4;
    }
    at = lineEnd + 2 + size + 2;
    if (at > buffer.length) return undefined;
  }
}

/** The bytes of a request with a body: request line, the given headers, Host and Content-Length. */
export function prepareRequest(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Buffer {
  const payload = body === undefined ? undefined : Buffer.from(body);
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (payload) lines.push(`content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload ? Buffer.concat([head, payload]) : head;
}
