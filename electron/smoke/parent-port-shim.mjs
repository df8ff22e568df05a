// Preloaded (--import) into a child started by the stub's utilityProcess.fork: gives it the
// `process.parentPort` of an Electron utility process, carried over Node's IPC channel. Like
// Electron's port, messages that arrive before anyone listens are queued, not lost.
import { EventEmitter } from 'node:events';

const port = new EventEmitter();
const queued = [];
process.on('message', (data) => {
  if (port.listenerCount('message') === 0) queued.push(data);
  else port.emit('message', { data, ports: [] });
});
port.on('newListener', (event) => {
  if (event !== 'message') return;
  // After the listener is attached (newListener fires before).
  queueMicrotask(() => {
    for (const data of queued.splice(0)) port.emit('message', { data, ports: [] });
  });
});
port.postMessage = (message) => process.send?.(message);
port.start = () => {};
process.parentPort = port;
