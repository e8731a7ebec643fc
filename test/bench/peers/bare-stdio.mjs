// The stdio floor: answers every request line with a fixed result, no imports.
process.stdin.setEncoding('utf8'); let b='';
process.stdin.on('data', d => { b += d; for (let i; (i = b.indexOf('\n')) >= 0;) { const m = JSON.parse(b.slice(0, i)); b = b.slice(i + 1); if (m.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\n'); } });
