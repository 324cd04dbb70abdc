import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { PreparedResponse } from '../answer/answer.js';
import type { CardJob } from './card-process.js';
import { compressedFile, pendingFile } from './page-answer.js';
import type { PreviewCard } from './preview-card.js';

/** Drawn cards kept in memory as answers (the others are read from their files). */
const KEPT_ANSWERS = 128;
/** Between two cards no one asked for, a pause of this many times the last one's drawing: a fifth of a core. */
const PAUSE_FACTOR = 4;

/** A card not drawn yet: asked again in a second, by when it is drawn (a card asked for goes first). */
const PENDING = pendingFile('image/png');

/** This process's folder of card files, removed when it exits. */
let processFolder: string | undefined;
function cardsFolder(): string {
  if (processFolder === undefined) {
    const made = (processFolder = mkdtempSync(join(tmpdir(), 'tamborrada-cards-')));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return processFolder;
}

/** The drawing process; from the TypeScript sources (tests), run through tsx. */
function startDrawing(): ChildProcess {
  const fromSources = import.meta.url.endsWith('.ts');
  return fork(fileURLToPath(new URL(`./card-process.${fromSources ? 'ts' : 'js'}`, import.meta.url)), {
    execArgv: fromSources ? ['--import', import.meta.resolve('tsx')] : [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/**
 * The preview cards of the model in service, drawn after it went into service in a process of its
 * own, one at a time, those asked for first; kept as PNG files named after what they show (an
 * unchanged card is not drawn again). See docs/architecture.md, "Preview images".
 */
export function createCardPainter() {
  let folder: string | undefined;
  const fileOf = (key: string) => join((folder ??= mkdtempSync(join(cardsFolder(), 'site-'))), `${key}.png`);
  const drawn = new Set<string>();
  const answers = new LRUCache<string, PreparedResponse>({ max: KEPT_ANSWERS });
  let queue = new Map<string, PreviewCard>();
  const asked = new Set<string>();
  let drawer: ChildProcess | undefined;
  let drawing: { key: string; since: number } | undefined;
  let paused: NodeJS.Timeout | undefined;
  let closed = false;

  const stop = () => {
    drawer?.kill();
    drawer = drawing = undefined;
  };
  const next = () => {
    clearTimeout(paused);
    paused = undefined;
    const key = asked.values().next().value ?? queue.keys().next().value;
    if (key === undefined) return stop();
    asked.delete(key);
    const card = queue.get(key)!;
    queue.delete(key);
    drawer ??= listen(startDrawing());
    drawing = { key, since: performance.now() };
    drawer.send({ card, file: fileOf(key) } satisfies CardJob);
  };
  const listen = (child: ChildProcess) => {
    child.on('message', () => {
      if (drawing === undefined) return;
      const { key, since } = drawing;
      drawn.add(key);
      drawing = undefined;
      if (asked.size > 0) next();
      else paused = setTimeout(next, PAUSE_FACTOR * (performance.now() - since)).unref();
    });
    // A process that cannot draw (a full disk): the cards not drawn stay pending.
    child.on('exit', () => {
      if (drawer !== child) return;
      drawer = drawing = undefined;
      queue.clear();
      asked.clear();
    });
    return child;
  };

  return {
    /** Draws the cards of a new model not drawn yet, in their order; forgets the others. */
    paint(cards: ReadonlyMap<string, PreviewCard>): void {
      if (closed) return;
      for (const key of drawn)
        if (!cards.has(key)) {
          drawn.delete(key);
          answers.delete(key);
          unlinkSync(fileOf(key));
        }
      queue = new Map([...cards].filter(([key]) => !drawn.has(key)));
      asked.clear();
      if (drawing === undefined) next();
    },
    /** A card's PNG answer, or a 503 while it is not drawn (it is then drawn next). */
    answer(key: string): PreparedResponse {
      if (!drawn.has(key)) {
        if (queue.has(key)) asked.add(key);
        if (paused !== undefined) next();
        return PENDING;
      }
      let answer = answers.get(key);
      if (answer === undefined)
        answers.set(key, (answer = compressedFile(readFileSync(fileOf(key)), 'image/png')));
      return answer;
    },
    close(): void {
      closed = true;
      queue.clear();
      clearTimeout(paused);
      stop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type CardPainter = ReturnType<typeof createCardPainter>;
