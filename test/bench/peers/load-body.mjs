// Loads one fixed MCP request against a URL with autocannon (installed in the scratch folder) and prints one
// JSON line. Usage: node load-body.mjs URL SECONDS CONNECTIONS   (BODY, the JSON request, and HEADERS, a
// JSON object of extra headers, in the environment)
import autocannon from 'autocannon';
const [url, secs = '8', conns = '16'] = process.argv.slice(2);
const r = await autocannon({ url, method: 'POST', connections: +conns, duration: +secs, body: process.env.BODY,
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...JSON.parse(process.env.HEADERS || '{}') } });
console.log(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
