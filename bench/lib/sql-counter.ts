/**
 * Counts the SQL statements a program sends to PostgreSQL, whatever the server: a TCP proxy that
 * reads the frontend protocol and counts each simple Query ('Q') and each extended-protocol
 * Execute ('E') message. BEGIN and COMMIT count too: each is a round trip the program waits for.
 * pg_stat_statements would need shared_preload_libraries, which neither the embedded server nor
 * an external one the bench is given can be assumed to have.
 */
import net from "node:net";

export interface StatementCounter {
  /** The database URL to hand to the program under test: the same database, through the proxy. */
  url: string;
  count(): number;
  stop(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** Parses one client's stream of frontend messages and reports the statement-bearing ones. */
function frontendParser(onStatement: () => void) {
  let buffered: Buffer = Buffer.alloc(0);
  let startup = true;
  return (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    for (;;) {
      if (startup) {
        // Untyped: Int32 length (itself included), Int32 code. SSL/GSS requests precede the real startup.
        if (buffered.length < 8) return;
        const length = buffered.readInt32BE(0);
        if (buffered.length < length) return;
        const code = buffered.readInt32BE(4);
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) startup = false;
        buffered = buffered.subarray(length);
      } else {
        if (buffered.length < 5) return;
        const length = buffered.readInt32BE(1) + 1;
        if (buffered.length < length) return;
        const type = String.fromCharCode(buffered.readUInt8(0));
        if (type === "Q" || type === "E") onStatement();
        buffered = buffered.subarray(length);
      }
    }
  };
}

export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, target.hostname);
    sockets.add(client).add(upstream);
    const parse = frontendParser(() => (statements += 1));
    client.on("data", (chunk: Buffer) => {
      parse(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    count: () => statements,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
