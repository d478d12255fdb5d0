import type { Server } from "node:http";
import type { Express } from "express";

/** Listens on host:port, or rejects with a clear message (a port already taken must not exit 0). */
export function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => {
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const reason =
          code === "EADDRINUSE"
            ? `port ${port} on ${host} is already in use (is another web server running? make status)`
            : error.message;
        server.close();
        reject(new Error(`web cannot listen: ${reason}`));
        return;
      }
      resolve(server);
    });
  });
}
