// Loads one MCP tools/call against a URL with autocannon (installed in the scratch folder) and prints one
// JSON line. Usage: node load.mjs URL TOOL SECONDS CONNECTIONS   (TOKEN in the environment)
import autocannon from 'autocannon';
const [url, tool = 'site_info', secs = '8', conns = '16'] = process.argv.slice(2);
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: {} } });
const r = await autocannon({ url, method: 'POST', connections: +conns, duration: +secs, body,
  headers: { authorization: `Bearer ${process.env.TOKEN}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' } });
console.log(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
