// CI must fail, not skip, when a service it was told to use is missing.
import { connect } from 'node:net';

const targets = process.argv.slice(2).map((url) => new URL(url));
const reach = (url) =>
  new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });

let missing = 0;
for (const url of targets) {
  if (!(await reach(url))) {
    console.error(`required service not reachable: ${url.protocol}//${url.host}`);
    missing++;
  }
}
process.exit(missing ? 1 : 0);
