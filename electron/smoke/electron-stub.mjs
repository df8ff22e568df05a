// Minimal stand-in for the Electron main-process API: just enough to boot dist-electron/main.js in
// plain Node (Electron's binary cannot be downloaded on build machines) and record what it does.
import { EventEmitter } from 'node:events';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fork as forkChild } from 'node:child_process';
const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'concierge-smoke-userdata-'));
export const calls = (globalThis.__electronCalls = {
  handlers: {},
  ipc: {},
  windows: [],
  log: [],
  utilityProcesses: [],
  notifications: [],
});
class App extends EventEmitter {
  getAppPath() {
    return process.cwd();
  }
  getPath(name) {
    return name === 'userData' ? userData : os.tmpdir();
  }
  requestSingleInstanceLock() {
    return true;
  }
  whenReady() {
    return Promise.resolve();
  }
  isReady() {
    return true;
  }
  setAsDefaultProtocolClient(s) {
    calls.log.push(`protocol-client:${s}`);
    return true;
  }
  quit() {
    calls.log.push('quit');
  }
  exit(c) {
    calls.log.push(`exit:${c}`);
  }
}
export const app = new App();
export const protocol = {
  registerSchemesAsPrivileged: (s) => calls.log.push(`privileged:${s.map((x) => x.scheme)}`),
  handle: (scheme, h) => {
    calls.handlers[scheme] = h;
  },
};
export const ipcMain = {
  handle: (c, h) => {
    calls.ipc[c] = h;
  },
};
export const shell = {
  openExternal: async (u) => calls.log.push(`open:${u}`),
  showItemInFolder: (p) => calls.log.push(`show:${p}`),
};
const ses = {
  setPermissionRequestHandler(h) {
    calls.permissionRequest = h;
  },
  setPermissionCheckHandler(h) {
    calls.permissionCheck = h;
  },
  setDisplayMediaRequestHandler() {},
  setDevicePermissionHandler() {},
  webRequest: { onHeadersReceived() {} },
};
export const session = { defaultSession: ses };
export const dialog = {
  showErrorBox: (title, content) => calls.log.push(`error-box:${title}:${content}`),
  showMessageBoxSync: () => 0,
  showMessageBox: async () => ({ response: 1 }),
};
export class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return calls.windows;
  }
  constructor(opts) {
    super();
    this.opts = opts;
    this.webContents = Object.assign(new EventEmitter(), {
      isLoading: () => false,
      send: (c, p) => calls.log.push(`send:${c}:${JSON.stringify(p)}`),
    });
    calls.windows.push(this);
  }
  loadURL(u) {
    calls.log.push(`load:${u}`);
    return Promise.resolve();
  }
  isMinimized() {
    return false;
  }
  focus() {}
  restore() {}
  show() {}
}
// Electron's utilityProcess.fork as a Node child process: the forked module (the REAL
// dist-electron/backend.mjs) gets `process.parentPort` from ./parent-port-shim.mjs.
export const utilityProcess = {
  fork(modulePath, args = [], options = {}) {
    calls.log.push(`utility-fork:${path.basename(modulePath)}`);
    const child = forkChild(modulePath, args, {
      execArgv: ['--import', new URL('./parent-port-shim.mjs', import.meta.url).href],
      env: options.env ?? process.env,
      stdio: 'inherit',
    });
    const proc = new EventEmitter();
    proc.pid = child.pid;
    child.on('spawn', () => proc.emit('spawn'));
    child.on('message', (m) => proc.emit('message', m));
    child.on('exit', (code, signal) => proc.emit('exit', code ?? (signal ? 1 : 0)));
    proc.postMessage = (m) => {
      if (child.connected) child.send(m);
    };
    proc.kill = () => child.kill('SIGKILL');
    calls.utilityProcesses.push(proc);
    return proc;
  },
};
// Records native notifications; the test clicks them through `notification.emit('click')`.
export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    this.options = options;
  }
  show() {
    calls.notifications.push(this);
  }
  close() {}
}
export default { app, protocol, ipcMain, shell, session, BrowserWindow, utilityProcess, dialog, Notification };
