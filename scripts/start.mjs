// `npm start`: builds the web app and server when their sources are newer than the build, then runs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['core', 'server', 'web', 'package.json', 'vite.config.ts'];
const OUTPUTS = { web: 'dist/web/index.html', server: 'dist/server/main.js' };

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sourceTime = Math.max(...SOURCES.map(newestMtime));
const isStale = (output) => !existsSync(output) || statSync(output).mtimeMs < sourceTime;

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale(OUTPUTS.web)) {
  console.log('Building the web app…');
  run('build:web');
}
if (isStale(OUTPUTS.server)) {
  console.log('Building the server…');
  run('build:server');
}

const prepared = spawnSync(process.execPath, ['--enable-source-maps', OUTPUTS.server, '--prepare'], { stdio: 'inherit' });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', OUTPUTS.server], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
