// Starts the real Keeper stack for browser tests: the gateway and the services built by
// `make build` (release profile), over fresh SQLite files, with the built SPA (`frontend/dist`) served by the gateway.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ADMIN_PASSWORD = 'Admin#2026';
const FRONTEND = resolve(__dirname, '..');

export interface StackOptions {
  accessTtl?: number;
  captcha?: boolean;
}

export interface Stack {
  url: string;
  auth: string;
  jwtSecret: string;
  dataDir: string;
  stop(): Promise<void>;
  /** The text of a captcha, read through auth's internal API with a service token (dev profile only). */
  captchaText(key: string): Promise<string>;
}

/** The release binaries of `make build` (KEEPER_BIN_DIR runs others, e.g. a debug build). */
function binDir(): string {
  const target = process.env.CARGO_TARGET_DIR || join(homedir(), '.cache', 'keeper', 'target');
  const dir = process.env.KEEPER_BIN_DIR || join(target, 'release');
  for (const b of ['keeper-gateway', 'keeper-auth', 'keeper-system', 'keeper-resource', 'keeper-business']) {
    if (!existsSync(join(dir, b))) throw new Error(`${join(dir, b)} is missing: run \`make build-backend\` (make test does)`);
  }
  return dir;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = createServer();
    s.once('error', () => ok(false));
    s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
  });
}

/** Same scheme as the Rust test kit: ports 20000–32000 claimed by exclusive lock files. */
async function claimPort(claims: string[]): Promise<number> {
  const dir = join(tmpdir(), 'keeper-test-ports');
  mkdirSync(dir, { recursive: true });
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const path = join(dir, String(port));
    try {
      if (existsSync(path) && Date.now() - statSync(path).mtimeMs > 3600_000) unlinkSync(path);
      closeSync(openSync(path, 'wx'));
    } catch {
      continue;
    }
    if (await bindable(port)) {
      claims.push(path);
      return port;
    }
    unlinkSync(path);
  }
}

function b64url(v: object | Buffer): string {
  return (Buffer.isBuffer(v) ? v : Buffer.from(JSON.stringify(v))).toString('base64url');
}

/** A service token as another Keeper service would mint it (HS256, audience keeper-internal). */
export function serviceToken(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url({ alg: 'HS256', typ: 'JWT' });
  const body = b64url({ iss: 'keeper', aud: 'keeper-internal', sub: 'e2e', iat: now, nbf: now - 5, exp: now + 300 });
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  return `${head}.${body}.${b64url(sig)}`;
}

async function healthy(url: string, child: ChildProcess, name: string, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited; see ${logFile}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} did not become healthy; see ${logFile}`);
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const bins = binDir();
  if (!existsSync(join(FRONTEND, 'dist', 'index.html'))) throw new Error('frontend/dist is missing: run `npm run build` first');
  const dataDir = join(tmpdir(), `keeper-e2e-${randomUUID()}`);
  mkdirSync(dataDir, { recursive: true });
  const claims: string[] = [];
  const [gw, auth, system, business, resource] = [
    await claimPort(claims),
    await claimPort(claims),
    await claimPort(claims),
    await claimPort(claims),
    await claimPort(claims),
  ];
  const jwtSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    KEEPER_DATA_DIR: dataDir,
    KEEPER_JWT_SECRET: jwtSecret,
    KEEPER_CAPTCHA: opts.captcha === false ? 'off' : 'on',
    KEEPER_ADMIN_PASSWORD: ADMIN_PASSWORD,
    KEEPER_BCRYPT_COST: '4',
    KEEPER_ACCESS_TOKEN_TTL: String(opts.accessTtl ?? 3600),
    KEEPER_LOGIN_RATE_PER_MINUTE: '10000',
    KEEPER_GATEWAY_LISTEN: `127.0.0.1:${gw}`,
    KEEPER_AUTH_LISTEN: `127.0.0.1:${auth}`,
    KEEPER_SYSTEM_LISTEN: `127.0.0.1:${system}`,
    KEEPER_BUSINESS_LISTEN: `127.0.0.1:${business}`,
    KEEPER_RESOURCE_LISTEN: `127.0.0.1:${resource}`,
    KEEPER_WEB_DIR: join(FRONTEND, 'dist'),
    KEEPER_LOG: process.env.KEEPER_TEST_LOG ?? 'warn',
  };
  const children: ChildProcess[] = [];
  const logs: [string, string][] = [];
  const stop = async () => {
    // A service that died during the scenario, or logged an error or a panic, is said here: a failing
    // step then shows its cause in the test output rather than a time-out alone.
    for (const [i, c] of children.entries()) {
      const [name, logFile] = logs[i];
      const text = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      const errors = text.split('\n').filter((l) => /\bERROR\b|panicked/.test(l));
      if (c.exitCode !== null || c.signalCode !== null) console.error(`keeper-${name} exited during the scenario (${c.exitCode ?? c.signalCode}):\n${text.slice(-4000)}`);
      else if (errors.length) console.error(`keeper-${name} logged:\n${errors.slice(-20).join('\n')}`);
    }
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r)))));
    for (const c of claims) rmSync(c, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const [name, port] of [['system', system], ['auth', auth], ['resource', resource], ['business', business], ['gateway', gw]] as const) {
      const logFile = join(dataDir, `${name}.log`);
      writeFileSync(logFile, '');
      const fd = openSync(logFile, 'a');
      const child = spawn(join(bins, `keeper-${name}`), [], { env, stdio: ['ignore', fd, fd] });
      children.push(child);
      logs.push([name, logFile]);
      await healthy(`http://127.0.0.1:${port}`, child, name, logFile);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  const authUrl = `http://127.0.0.1:${auth}`;
  return {
    url: `http://127.0.0.1:${gw}`,
    auth: authUrl,
    jwtSecret,
    dataDir,
    stop,
    async captchaText(key: string) {
      const r = await fetch(`${authUrl}/internal/captcha/peek?key=${encodeURIComponent(key)}`, {
        headers: { 'x-keeper-service': serviceToken(jwtSecret) },
      });
      const body = (await r.json()) as { data?: { text?: string } };
      if (!body.data?.text) throw new Error(`no captcha text for ${key}: ${JSON.stringify(body)}`);
      return body.data.text;
    },
  };
}
