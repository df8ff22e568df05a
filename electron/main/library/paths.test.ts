import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { libraryInvokeContract, LibraryChannel, libraryRelativePathSchema } from '../../shared/library-contract.ts';
import { LibraryPathError, recordingFiles, resolveExistingInside, resolveInside, userLibraryRoot } from './paths.ts';

const outside = [
  '../secrets.txt',
  'a/../../b',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  'c:/x',
  'a\\..\\b',
  '',
  './a',
  'a//b',
  'a\0b',
];
let root: string;
let elsewhere: string;

beforeAll(async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'library-paths-'));
  root = path.join(base, 'library', 'u');
  elsewhere = path.join(base, 'elsewhere');
  await mkdir(path.join(root, 'rec'), { recursive: true });
  await mkdir(elsewhere, { recursive: true });
  await writeFile(path.join(root, 'rec', 'audio.wav'), 'ok');
  await writeFile(path.join(elsewhere, 'secret.txt'), 'secret');
  await symlink(path.join(elsewhere, 'secret.txt'), path.join(root, 'rec', 'link.wav'));
  return () => rm(base, { recursive: true, force: true });
});

describe('library paths', () => {
  it('the IPC contract refuses any path that is not a plain relative path inside the library', () => {
    for (const value of outside) {
      expect(libraryRelativePathSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      const request = libraryInvokeContract[LibraryChannel.showInFolder].request.safeParse({ path: value });
      expect(request.success, JSON.stringify(value)).toBe(false);
    }
    expect(libraryRelativePathSchema.safeParse('0b6f5f3e-8a51-4d1e-9a57-1c2d3e4f5a6b/audio.wav').success).toBe(true);
  });

  it('resolves inside the root and refuses traversal, absolute paths and symlinks out of it', async () => {
    expect(resolveInside(root, 'rec/audio.wav')).toBe(path.join(root, 'rec', 'audio.wav'));
    for (const value of outside) expect(() => resolveInside(root, value), value).toThrow(LibraryPathError);
    await expect(resolveExistingInside(root, 'rec/audio.wav')).resolves.toContain('audio.wav');
    await expect(resolveExistingInside(root, 'rec/link.wav')).rejects.toThrow(LibraryPathError);
  });

  it('names recording files only from a UUID and a plain extension', () => {
    const id = '0b6f5f3e-8a51-4d1e-9a57-1c2d3e4f5a6b';
    expect(recordingFiles(root, id, 'wav').audioRelative).toBe(`${id}/audio.wav`);
    expect(() => recordingFiles(root, '../x', 'wav')).toThrow(LibraryPathError);
    expect(() => recordingFiles(root, id, '../wav')).toThrow(LibraryPathError);
    expect(() => userLibraryRoot('/tmp', '../../etc')).toThrow(LibraryPathError);
    expect(userLibraryRoot('/data', id.toUpperCase())).toBe(path.join('/data', 'library', id));
  });
});
