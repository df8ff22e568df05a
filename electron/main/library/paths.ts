import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { isPlainRelativePath } from '../../shared/library-contract.ts';

/**
 * Where the library lives and the one gate every file path goes through. Layout, under
 * `userData/library/<user id>/`:
 *
 *   index.json            entries, settings, pending annotation edits (written atomically)
 *   search-index.json     the persisted MiniSearch index
 *   <recording id>/       audio.<ext> (audio.<ext>.part while downloading), transcript.json, meta.json
 */
export const LIBRARY_FOLDER = 'library';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSION = /^[a-z0-9]{2,5}$/;

export class LibraryPathError extends Error {
  override readonly name = 'LibraryPathError';
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The signed-in user's library root (the user id comes from their token; ids are UUIDs). */
export function userLibraryRoot(userDataDir: string, userId: string): string {
  if (!isUuid(userId)) throw new LibraryPathError('user id must be a UUID');
  return path.join(path.resolve(userDataDir), LIBRARY_FOLDER, userId.toLowerCase());
}

/**
 * Resolves `relative` under `root`, refusing anything that is not a plain relative path or that
 * lands outside the root once normalised.
 */
export function resolveInside(root: string, relative: string): string {
  if (!isPlainRelativePath(relative)) throw new LibraryPathError(`not a library path: ${JSON.stringify(relative)}`);
  const base = path.resolve(root);
  const target = path.resolve(base, relative);
  if (target !== base && !target.startsWith(base + path.sep)) throw new LibraryPathError('outside the library');
  return target;
}

/**
 * `resolveInside`, then the same check on the real path on disk: a symlink inside the library that
 * points out of it is refused too. The file must exist.
 */
export async function resolveExistingInside(root: string, relative: string): Promise<string> {
  const target = resolveInside(root, relative);
  const [realRoot, realTarget] = await Promise.all([realpath(root), realpath(target)]);
  if (realTarget !== realRoot && !realTarget.startsWith(realRoot + path.sep))
    throw new LibraryPathError('links outside the library');
  return realTarget;
}

export interface RecordingFiles {
  dir: string;
  /** Relative to the root, e.g. `<id>/audio.wav`. */
  audioRelative: string;
  audio: string;
  part: string;
  transcript: string;
  meta: string;
}

/** The files of one recording; `id` must be a UUID and `extension` a plain one. */
export function recordingFiles(root: string, id: string, extension: string): RecordingFiles {
  if (!isUuid(id)) throw new LibraryPathError('recording id must be a UUID');
  if (!EXTENSION.test(extension)) throw new LibraryPathError('bad file extension');
  const folder = id.toLowerCase();
  const audioRelative = `${folder}/audio.${extension}`;
  const audio = resolveInside(root, audioRelative);
  return {
    dir: resolveInside(root, folder),
    audioRelative,
    audio,
    part: `${audio}.part`,
    transcript: resolveInside(root, `${folder}/transcript.json`),
    meta: resolveInside(root, `${folder}/meta.json`),
  };
}
