import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP forwarder in front of the test database: `close` is a database outage as a
 * client sees it (connections cut, new ones refused), `open` brings it back on the
 * same port. `holdMs` makes a busy database: connection k (from 0) is forwarded only
 * after `holdMs(k)` milliseconds.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private accepted = 0;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
    private readonly holdMs: (connection: number) => number = () => 0,
  ) {}

  static toUrl(url: string, holdMs?: (connection: number) => number): TcpProxy {
    const parsed = new URL(url);
    return new TcpProxy(parsed.hostname, Number(parsed.port || 5432), holdMs);
  }

  /** The same URL, through the proxy. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Listens (on the previous port once it has one; a free one the first time). */
  async open(): Promise<void> {
    const server = createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      client.pause();
      setTimeout(() => {
        if (client.destroyed) return;
        const upstream = connect(this.targetPort, this.targetHost);
        this.sockets.add(upstream);
        upstream.on('close', () => this.sockets.delete(upstream));
        for (const socket of [client, upstream]) {
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      }, this.holdMs(this.accepted++));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : this.port;
    this.server = server;
  }

  /** Stops listening and cuts every connection. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
