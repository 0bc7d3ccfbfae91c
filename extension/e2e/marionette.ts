import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's firefox-esr driven through Marionette, its own automation protocol
 * (Playwright speaks neither Juggler nor BiDi to it): length-prefixed JSON
 * over TCP, `[0, id, command, params]` answered by `[1, id, error, result]`.
 * Just what an extension page test needs: install the add-on for the session,
 * open one of its pages (a trusted load from the browser window, as WebDriver
 * may not navigate to moz-extension:), and run scripts in it.
 */
const GECKO_ID = 'bz-companion@bz-companion.invalid';
/** A fixed internal UUID, so the test knows its pages' addresses (moz-extension://UUID/…). */
const EXTENSION_UUID = 'b2c0e5a1-7d3f-4a26-9c8e-5f1d2e3a4b6c';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function connectWhenUp(port: number, deadline: number): Promise<Socket> {
  for (;;) {
    try {
      return await new Promise<Socket>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => resolve(socket));
        socket.once('error', reject);
      });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export class FirefoxSession {
  readonly #firefox: ChildProcess;
  readonly #profile: string;
  readonly #socket: Socket;
  readonly #waiting = new Map<number, (message: unknown[]) => void>();
  #buffer = Buffer.alloc(0);
  #nextId = 0;

  private constructor(firefox: ChildProcess, profile: string, socket: Socket) {
    this.#firefox = firefox;
    this.#profile = profile;
    this.#socket = socket;
    socket.on('data', (chunk) => this.#receive(chunk));
  }

  /** A headless firefox-esr on a fresh profile, its Marionette on a free port, the add-on at `dist` installed. */
  static async start(executable: string, dist: string): Promise<FirefoxSession> {
    const port = await freePort();
    const profile = mkdtempSync(join(tmpdir(), 'bz-marionette-'));
    const prefs = {
      'marionette.port': port,
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      'browser.shell.checkDefaultBrowser': false,
    };
    writeFileSync(
      join(profile, 'user.js'),
      Object.entries(prefs)
        .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`)
        .join('\n'),
    );
    const firefox = spawn(
      executable,
      ['-headless', '-marionette', '-remote-allow-system-access', '-no-remote', '-profile', profile],
      { detached: true, stdio: 'ignore' },
    );
    const socket = await connectWhenUp(port, Date.now() + 60_000).catch((error: unknown) => {
      if (firefox.pid) process.kill(-firefox.pid, 'SIGKILL');
      throw error;
    });
    const session = new FirefoxSession(firefox, profile, socket);
    try {
      await session.#command('WebDriver:NewSession', { capabilities: {} });
      await session.#command('Addon:Install', { path: dist, temporary: true });
    } catch (error) {
      session.close();
      throw error;
    }
    return session;
  }

  /**
   * Opens a page of the add-on (`src/inbox/index.html`) in the current tab,
   * again while the add-on is still starting (the page then loads without
   * the `browser` API).
   */
  async openExtensionPage(path: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      await this.#command('Marionette:SetContext', { value: 'chrome' });
      await this.#command('WebDriver:ExecuteScript', {
        script: `Services.wm.getMostRecentWindow('navigator:browser').openTrustedLinkIn(arguments[0], 'current');`,
        args: [`moz-extension://${EXTENSION_UUID}/${path}`],
      });
      await this.#command('Marionette:SetContext', { value: 'content' });
      const state = await this.poll(
        () => this.run<string>("return document.readyState + (typeof browser === 'object' ? ' api' : '')"),
        (answer) => answer?.startsWith('complete') === true,
      );
      if (state.endsWith(' api') || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Loads a web page (http:) in the current tab, as the user would. */
  async navigate(url: string): Promise<void> {
    await this.#command('WebDriver:Navigate', { url });
  }

  /** Runs a function body in the page (`browser.*` is there on the add-on's pages); awaits what it returns. */
  async run<T>(body: string, ...args: unknown[]): Promise<T> {
    const answer = (await this.#command('WebDriver:ExecuteAsyncScript', {
      script: `const done = arguments[arguments.length - 1];
        Promise.resolve().then(async () => { ${body} }).then(done, (error) => done({ error: String(error) }));`,
      args,
    })) as { value: T };
    const value = answer.value as { error?: string } | null;
    if (value && typeof value === 'object' && typeof value.error === 'string') throw new Error(value.error);
    return answer.value;
  }

  /** Asks again until `ok` holds (like Playwright's expect.poll), else throws with the last answer. */
  async poll<T>(ask: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await ask().catch(() => undefined as T);
      if (ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A key as the user types it (a trusted key event). */
  async press(key: string): Promise<void> {
    await this.#command('WebDriver:PerformActions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: key },
            { type: 'keyUp', value: key },
          ],
        },
      ],
    });
  }

  /** Text as the user types it, a key at a time. */
  async type(text: string): Promise<void> {
    for (const key of text) await this.press(key);
  }

  /** A trusted click on the first element matching a CSS selector, with Shift held when asked. */
  async click(selector: string, { shift = false } = {}): Promise<void> {
    const found = (await this.#command('WebDriver:FindElement', { using: 'css selector', value: selector })) as {
      value: Record<string, string>;
    };
    if (!shift) {
      await this.#command('WebDriver:ElementClick', { id: Object.values(found.value)[0] });
      return;
    }
    // Shift goes down a tick before the pointer's click, and up after it.
    const SHIFT = '\uE008';
    await this.#command('WebDriver:PerformActions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: SHIFT },
            { type: 'pause' },
            { type: 'pause' },
            { type: 'pause' },
            { type: 'keyUp', value: SHIFT },
          ],
        },
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [
            { type: 'pause' },
            { type: 'pointerMove', origin: found.value, x: 0, y: 0 },
            { type: 'pointerDown', button: 0 },
            { type: 'pointerUp', button: 0 },
            { type: 'pause' },
          ],
        },
      ],
    });
    await this.#command('WebDriver:ReleaseActions', {});
  }

  close(): void {
    this.#socket.destroy();
    try {
      if (this.#firefox.pid) process.kill(-this.#firefox.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    rmSync(this.#profile, { recursive: true, force: true });
  }

  #command(name: string, params: object): Promise<unknown> {
    const id = ++this.#nextId;
    const body = Buffer.from(JSON.stringify([0, id, name, params]));
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, ([, , error, result]) => {
        this.#waiting.delete(id);
        if (error) reject(new Error(`${name}: ${JSON.stringify(error).slice(0, 500)}`));
        else resolve(result);
      });
      this.#socket.write(`${body.length}:`);
      this.#socket.write(body);
    });
  }

  /** Messages are `length:json`, length in bytes; the first one is the server's greeting (not an array). */
  #receive(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const colon = this.#buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(this.#buffer.subarray(0, colon).toString());
      if (this.#buffer.length < colon + 1 + length) return;
      const message = JSON.parse(this.#buffer.subarray(colon + 1, colon + 1 + length).toString()) as unknown;
      this.#buffer = this.#buffer.subarray(colon + 1 + length);
      if (Array.isArray(message)) this.#waiting.get(message[1] as number)?.(message);
    }
  }
}
