// The HTTP server's connection settings: how long an idle keep-alive connection is kept
// (--keep-alive-timeout, SVC_KEEP_ALIVE_TIMEOUT) and how many connections may be open at once
// (--max-connections, SVC_MAX_CONNECTIONS). config.ts reads them when given; http/server.ts applies them, and
// these defaults otherwise, so a server built without a configuration (the tests') behaves as the real one.

/**
 * Seconds. Above the idle timeouts of the proxies put in front (nginx's upstream keepalive_timeout and an AWS
 * load balancer's both 60 s): the proxy, not the server, closes an idle connection, so it never sends a
 * request into one the server has just closed (a 502 for a request it cannot repeat). Node's own is 5 s.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_SECONDS = 65;

/**
 * Open connections at once; one more is closed as it is accepted. An idle keep-alive connection costs the
 * process some 10 KB (15 KB measured for both ends of one in a single process), so a thousand stay near 10 MB,
 * well within a small hosting plan, while a proxy keeps a few dozen and a browser six: room for a few hundred
 * direct visitors at once, and sockets held open on purpose cannot grow the process without bound.
 */
export const DEFAULT_MAX_CONNECTIONS = 1000;
