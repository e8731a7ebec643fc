// The HTTP floor: bare node:http answering a fixed JSON body. No routing, no auth, no work.
import http from 'node:http';
const port = Number(process.argv[2] || 8792);
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '{"title":"Raw"}' }] } });
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); });
}).listen(port, '127.0.0.1');
