import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP forwarder in front of the test database: `close` is a database outage as a
 * client sees it (connections cut, new ones refused), `open` brings it back on the
 * same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static toUrl(url: string): TcpProxy {
    const parsed = new URL(url);
    return new TcpProxy(parsed.hostname, Number(parsed.port || 5432));
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
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
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
