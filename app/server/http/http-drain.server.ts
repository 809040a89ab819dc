/**
 * A clean stop for the HTTP server on SIGTERM: stop accepting connections, let every request in progress
 * finish, and close keep-alive connections without cutting off a request a client has sent (closing every
 * connection at once would reset requests in progress and leave their writes unanswered). A busy
 * keep-alive connection is closed only after an answer that says `Connection: close`; one that has sent
 * nothing for a while is closed then (PRODUCT.md "Operations").
 */
import type http from "node:http";
import net from "node:net";

/**
 * A connection that has not sent a request yet may be about to (its request may be on the way), or may be
 * one a browser opened ahead of need: it is closed if it has sent nothing this long into the stop.
 */
const NEW_CONNECTION_GRACE_MS = 2_000;

/** The longest the server keeps accepting connections that were queued before the stop (see drain). */
const ACCEPT_QUEUE_MAX_MS = 1_000;

/**
 * During the stop, a keep-alive connection idle this long is closed. A busy client sends its next request
 * within milliseconds of an answer and so gets `Connection: close` instead: closing a connection between
 * two requests would reset the second one, which its sender cannot tell from a lost write.
 */
const IDLE_CLOSE_MS = 500;

/** How often the stop looks for idle connections to close. */
const IDLE_SWEEP_MS = 50;

export interface RequestTracker {
  /** Requests received and not yet answered. */
  readonly inFlight: number;
  /** Stops accepting connections and resolves once every connection is closed. */
  drain: () => Promise<void>;
}

/**
 * Closes the connections that still look unused once the event loop has read what has arrived. A timer
 * runs before the loop reads the sockets: after a long synchronous stretch (a large render under load) a
 * connection can look idle while its next request waits unread, and closing it would reset that request.
 */
function closeAfterNextRead(candidates: net.Socket[], stillUnused: (socket: net.Socket) => boolean) {
  if (candidates.length === 0) return;
  setImmediate(() => {
    for (const socket of candidates) if (stillUnused(socket)) socket.destroy();
  });
}

export function trackRequests(server: http.Server, newConnectionGraceMs = NEW_CONNECTION_GRACE_MS): RequestTracker {
  /** Answers not yet sent, with their connection (a pipelined answer has no res.socket until its turn). */
  const inFlight = new Map<http.ServerResponse, net.Socket>();
  /** The newest request on each connection: its answer is the one that may close the connection. */
  const newestOnSocket = new WeakMap<net.Socket, http.ServerResponse>();
  const connections = new Set<net.Socket>();
  /** When each connection's last answer finished while no other was in progress on it. */
  const idleSince = new WeakMap<net.Socket, number>();
  let accepted = 0;
  let draining = false;

  // Tells the client this connection ends after this answer, so it never sends another request on it.
  const closeAfter = (res: http.ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };

  server.on("connection", (socket: net.Socket) => {
    connections.add(socket);
    accepted += 1;
    socket.once("close", () => connections.delete(socket));
  });

  // Before the app's own listener, so the header is set before anything is sent.
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const previous = newestOnSocket.get(req.socket);
    newestOnSocket.set(req.socket, res);
    inFlight.set(res, req.socket);
    idleSince.delete(req.socket);
    res.once("close", () => {
      inFlight.delete(res);
      if (newestOnSocket.get(req.socket) === res) idleSince.set(req.socket, Date.now());
    });
    if (draining) {
      // A request sent behind one that was to close the connection (pipelining): the earlier one keeps the
      // connection open so this one is answered too, and this one closes it.
      if (previous && inFlight.has(previous) && !previous.headersSent) previous.removeHeader("Connection");
      closeAfter(res);
    }
  });

  return {
    get inFlight() {
      return inFlight.size;
    },
    drain: () =>
      new Promise<void>((resolve) => {
        draining = true;
        for (const [res, socket] of inFlight) {
          if (newestOnSocket.get(socket) === res) closeAfter(res);
        }
        // Idle keep-alive connections: closed once idle IDLE_CLOSE_MS, unless they send a request first.
        const idleTooLong = (socket: net.Socket) => {
          const since = idleSince.get(socket);
          return since !== undefined && Date.now() - since >= IDLE_CLOSE_MS;
        };
        const sweep = setInterval(() => closeAfterNextRead([...connections].filter(idleTooLong), idleTooLong), IDLE_SWEEP_MS).unref();
        // Connections that arrive while the process is busy wait in the kernel's queue, their requests sent,
        // and closing the listener resets them: keep accepting until a whole turn of the event loop accepts
        // none (at most ACCEPT_QUEUE_MAX_MS), then stop listening.
        const acceptUntil = Date.now() + ACCEPT_QUEUE_MAX_MS;
        // Unset at first, so at least one whole turn (its poll phase accepts) passes before the listener closes.
        let seen: number | undefined;
        const stopListeningOnceQuiet = () =>
          setImmediate(() => {
            if (accepted !== seen && Date.now() < acceptUntil) {
              seen = accepted;
              stopListeningOnceQuiet();
              return;
            }
            // Stops listening and resolves once the last connection has closed. net's close, not http's:
            // http.Server#close also closes every idle keep-alive connection at once, which is the reset
            // this module avoids.
            net.Server.prototype.close.call(server, () => {
              clearInterval(sweep);
              resolve();
            });
            const silent = (socket: net.Socket) => !newestOnSocket.has(socket);
            setTimeout(() => closeAfterNextRead([...connections].filter(silent), silent), newConnectionGraceMs).unref();
          });
        stopListeningOnceQuiet();
      }),
  };
}
