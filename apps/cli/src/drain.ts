// The handler's second argument (the server bindings) is passed through untouched.
type Fetch = (request: Request, env?: any) => Response | Promise<Response>;

/**
 * Graceful stop for the HTTP doors: once `begin` is called, new requests (on kept-alive
 * connections) get 503 with Retry-After; requests already running get until the deadline to
 * finish, then are answered 503 too, so no caller is cut off without a response. Every answer
 * given while stopping says `Connection: close`, so a client learns from a response, never from a
 * reset, that its kept-alive connection is going away.
 */
export function createDrain(retryAfterSeconds = 5) {
  let stopping = false;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  // Each running request's way to be answered at the deadline, dropped when it finishes. Racing
  // every request against one shared deadline promise instead left a reaction on that promise per
  // request, kept until the deadline: `dossier serve` grew about 400 bytes per request it answered.
  const cutters = new Set<() => void>();
  const cut = () => {
    for (const answer of cutters) answer();
  };

  const unavailable = () =>
    new Response(
      JSON.stringify({
        error: 'unavailable',
        message: `The server is restarting; retry in ${retryAfterSeconds} s.`,
      }),
      {
        status: 503,
        headers: {
          'content-type': 'application/json',
          'retry-after': String(retryAfterSeconds),
          connection: 'close',
        },
      },
    );

  return {
    wrap(fetch: Fetch): Fetch {
      return async (request, env) => {
        if (stopping) return unavailable();
        inFlight++;
        let answerNow: () => void = () => {};
        const cutOff = new Promise<Response>((resolve) => {
          answerNow = () => resolve(unavailable());
        });
        cutters.add(answerNow);
        try {
          const response = await Promise.race([fetch(request, env), cutOff]);
          return stopping ? closing(response) : response;
        } finally {
          cutters.delete(answerNow);
          if (--inFlight === 0) onIdle?.();
        }
      };
    },
    /** Refuse new requests from now on. */
    begin() {
      stopping = true;
    },
    /** Resolves when no request runs; after `ms`, answers those still running with 503 first. */
    async settle(ms: number): Promise<void> {
      if (inFlight > 0) {
        const idle = new Promise<void>((resolve) => {
          onIdle = resolve;
        });
        const timer = setTimeout(cut, Math.max(0, ms));
        await idle;
        clearTimeout(timer);
      }
    },
    inFlight: () => inFlight,
  };
}

/** The same answer with `Connection: close` (headers of a fetched Response may be immutable). */
function closing(response: Response): Response {
  if (response.headers.get('connection') === 'close') return response;
  const headers = new Headers(response.headers);
  headers.set('connection', 'close');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
