#!/usr/bin/env node
// The entry of `tamborrada`: the runtime is checked before anything else is loaded (the
// SQLite binding crashes an older Node without a word), so only Node's modules are static.
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const NEEDED_MAJOR = 22;

/** The project's own Node, installed beside it by `npm ci` (the `node` package), if there. */
function projectNode(): string | undefined {
  try {
    const binary = realpathSync(createRequire(import.meta.url).resolve('node/bin/node'));
    return existsSync(binary) && binary !== realpathSync(process.execPath) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/** Runs this command line with `node`, passing signals on, and ends as it ends. */
function runWith(node: string): void {
  const child = spawn(node, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  // A terminal's Ctrl-C reaches the child by itself; a SIGTERM sent to this process is passed on.
  const ignore = () => undefined;
  const passOn = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', ignore).on('SIGTERM', passOn).on('SIGHUP', passOn);
  child.on('error', (error) => {
    console.error(`tamborrada: error: cannot run ${node}: ${error.message}`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    process.off('SIGINT', ignore).off('SIGTERM', passOn).off('SIGHUP', passOn);
    if (signal !== null) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

if (Number(process.versions.node.split('.')[0]) >= NEEDED_MAJOR) {
  // The one place the environment is read: the settings take it from here.
  (await import('../config/index.js')).useEnvironment(process.env);
  await import('./program.js');
} else {
  const node = projectNode();
  if (node !== undefined) runWith(node);
  else {
    const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
    const shellWord = (text: string) =>
      /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
    const command = [fileURLToPath(import.meta.url), ...process.argv.slice(2)].map(shellWord).join(' ');
    console.error(
      `tamborrada: error: Node.js ${NEEDED_MAJOR} or later is needed, and this is Node.js ` +
        `${process.versions.node} (${process.execPath}): run \`npm ci\` in ${root} (it installs ` +
        `Node.js 24 beside tamborrada, which then uses it) and the same command again, or ` +
        `\`/path/to/node${NEEDED_MAJOR}+ ${command}\``,
    );
    process.exit(2);
  }
}
