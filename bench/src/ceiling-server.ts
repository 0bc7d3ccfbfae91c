import { createServer } from 'node:http';

/**
 * The ceiling: the least any Node HTTP server can do, answering one fixed JSON
 * body. No Node server on this machine can beat it, so ratios to it say how
 * much of the machine's limit a server reaches.
 */
const body = JSON.stringify({ version: '5.2' });
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => process.exit(0));
