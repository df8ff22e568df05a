import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod/mini';
import {
  annotationStateSchema,
  librarySettingsSchema,
  transcriptLineIpcSchema,
  type AnnotationState,
  type LibrarySettings,
} from '../../shared/library-contract.ts';

/**
 * The library's index file (`index.json`): every complete recording with its metadata and local
 * annotation state (a `pending` annotation is the queue of edits not yet on the server), and the
 * settings. Parsed on load like anything read from disk; written atomically (temp file + rename)
 * and one write at a time, so a crash leaves the previous index, never half of one.
 */

export const storedEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['gsm', 'voice']),
  agentId: z.nullable(z.string()),
  agentName: z.nullable(z.string()),
  callerNumber: z.nullable(z.string()),
  startedAt: z.string(),
  duration: z.number(),
  mimeType: z.string(),
  fileExtension: z.string(),
  size: z.number(),
  sha256: z.string(),
  downloadedAt: z.string(),
  annotation: annotationStateSchema,
});
export type StoredEntry = z.infer<typeof storedEntrySchema>;

const indexSchema = z.object({
  version: z.literal(1),
  settings: librarySettingsSchema,
  entries: z.record(z.string(), storedEntrySchema),
});
export type LibraryIndex = z.infer<typeof indexSchema>;

export const DEFAULT_SETTINGS: LibrarySettings = { maxBytes: null, wipeOnSignOut: false };
export const EMPTY_ANNOTATION: AnnotationState = {
  notes: '',
  tags: [],
  rubric: {},
  editedAt: null,
  syncState: 'synced',
  conflict: null,
};

export const transcriptFileSchema = z.array(transcriptLineIpcSchema);

export interface IndexStore {
  readonly file: string;
  load(): Promise<LibraryIndex>;
  save(index: LibraryIndex): Promise<void>;
}

export function createIndexStore(root: string, log: (m: string) => void = () => {}): IndexStore {
  const file = path.join(root, 'index.json');
  let chain: Promise<void> = Promise.resolve();
  return {
    file,
    async load() {
      try {
        const parsed = indexSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
        if (parsed.success) return parsed.data;
        log(`library index unreadable, starting empty: ${parsed.error.message}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`library index unreadable: ${String(error)}`);
      }
      return { version: 1, settings: { ...DEFAULT_SETTINGS }, entries: {} };
    },
    save(index) {
      const body = JSON.stringify(index);
      chain = chain.then(async () => {
        await mkdir(root, { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        await writeFile(temp, body);
        await rename(temp, file);
      });
      return chain;
    },
  };
}

/** Writes a JSON file atomically. */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp`;
  await writeFile(temp, JSON.stringify(value));
  await rename(temp, file);
}

export async function removeTree(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
