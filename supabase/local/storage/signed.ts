import { signJwt, verifyJwt } from '../core/jwt.ts';
import { asUser, probeAsUser, type StorageRequest } from './context.ts';
import { readJson } from './body.ts';
import { errors } from './errors.ts';
import { assertObjectKey } from './paths.ts';
import { bucketLimits, uploadObject } from './upload.ts';
import { findObjectAsSuperuser, findObjectAsUser, serveObject } from './objects.ts';
import type { StorageService } from './service.ts';

/**
 * Signed URLs: HS256 JWTs signed with the project secret whose `url` claim names
 * exactly one object (`{bucket}/{key}`) and whose `scope` says what they allow. Creating one needs
 * the caller's RLS permission; using one needs only the token.
 */

/** Upstream `uploadSignedUrlExpirationTime`: signed upload URLs live two hours. */
const UPLOAD_URL_LIFETIME_SECONDS = 2 * 60 * 60;
/** Tokens a caller asks for longer than this are refused, so a typo cannot mint a forever-link. */
const MAX_EXPIRES_IN = 60 * 60 * 24 * 365 * 10;

function expiresInOf(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_EXPIRES_IN) {
    throw errors.invalidParameter('expiresIn', 'expiresIn must be a positive integer number of seconds');
  }
  return value;
}

function signDownload(svc: StorageService, url: string, expiresIn: number): Promise<string> {
  return signJwt({ url, scope: 'download' }, svc.jwtSecret, expiresIn);
}

/** `POST /object/sign/{bucket}/{key}` `{expiresIn}` → `{signedURL}` (path relative to /storage/v1). */
export async function createSignedUrl(
  svc: StorageService,
  sreq: StorageRequest,
  bucket: string,
  key: string,
): Promise<Response> {
  const expiresIn = expiresInOf(await readJson(sreq.request));
  await findObjectAsUser(svc, sreq, bucket, key, 'storage.object.sign');
  const token = await signDownload(svc, `${bucket}/${key}`, expiresIn);
  return Response.json({ signedURL: `/object/sign/${bucket}/${key}?token=${token}` });
}

/** `POST /object/sign/{bucket}` `{expiresIn, paths}` → one entry per path, error for invisible ones. */
export async function createSignedUrls(svc: StorageService, sreq: StorageRequest, bucket: string): Promise<Response> {
  const body = await readJson(sreq.request);
  const expiresIn = expiresInOf(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.length > 1000 || paths.some((p) => typeof p !== 'string')) {
    throw errors.invalidParameter('paths', 'paths must be an array of 1 to 1000 object names');
  }
  const visible = await asUser(svc.db, sreq, 'storage.object.sign_many', async (tx) => {
    const result = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucket, paths],
    );
    return new Set(result.rows.map((r) => r.name));
  });
  const entries = await Promise.all(
    (paths as string[]).map(async (path) => {
      if (!visible.has(path)) {
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      }
      const token = await signDownload(svc, `${bucket}/${path}`, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
    }),
  );
  return Response.json(entries);
}

/** Checks a signed URL token: signature, expiry, scope and that it names this very object. */
async function verifyToken(
  svc: StorageService,
  sreq: StorageRequest,
  scope: 'download' | 'upload',
  bucket: string,
  key: string,
) {
  const token = sreq.url.searchParams.get('token');
  if (!token) throw errors.invalidSignature('Missing token');
  const verified = await verifyJwt(token, svc.jwtSecret);
  if (!verified.ok) {
    throw verified.kind === 'expired'
      ? errors.expiredToken()
      : errors.invalidSignature(`Invalid signature: ${verified.message}`);
  }
  const claims = verified.claims;
  if (typeof claims.exp !== 'number') throw errors.invalidSignature('Token has no expiry');
  const tokenScope = claims.scope ?? 'download';
  if (tokenScope !== scope) throw errors.invalidSignature('Token scope does not match');
  if (claims.url !== `${bucket}/${key}`) throw errors.invalidSignature('Invalid signature');
  return claims;
}

/** `GET|HEAD /object/sign/{bucket}/{key}?token=` → the bytes, no Authorization needed. */
export async function getSignedObject(
  svc: StorageService,
  sreq: StorageRequest,
  bucket: string,
  key: string,
): Promise<Response> {
  await verifyToken(svc, sreq, 'download', bucket, key);
  const object = await findObjectAsSuperuser(svc, bucket, key, 'storage.object.get_signed');
  return serveObject(svc, sreq, bucket, key, object);
}

/**
 * `POST /object/upload/sign/{bucket}/{key}` (`x-upsert`) → `{url, token}`. The caller's right to
 * write the object is checked now (the rolled-back INSERT), because the upload itself will only
 * present the token.
 */
export async function createSignedUploadUrl(
  svc: StorageService,
  sreq: StorageRequest,
  bucket: string,
  key: string,
): Promise<Response> {
  assertObjectKey(key);
  await readJson(sreq.request);
  const upsert = sreq.request.headers.get('x-upsert') === 'true';
  await bucketLimits(svc, bucket);
  await probeAsUser(svc.db, sreq, 'storage.object.upload_sign', async (tx) => {
    const conflict = upsert
      ? 'on conflict (bucket_id, name) do update set version = excluded.version, owner_id = excluded.owner_id'
      : '';
    await tx.query(
      `insert into storage.objects (bucket_id, name, owner_id, version) values ($1, $2, $3, gen_random_uuid()::text) ${conflict}`,
      [bucket, key, sreq.owner ?? null],
    );
  });
  const claims: Record<string, unknown> = { url: `${bucket}/${key}`, upsert, scope: 'upload' };
  if (sreq.owner) claims.owner = sreq.owner;
  const token = await signJwt(claims, svc.jwtSecret, UPLOAD_URL_LIFETIME_SECONDS);
  return Response.json({ url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token });
}

/** `PUT /object/upload/sign/{bucket}/{key}?token=` → `{Key}`; owner and upsert come from the token. */
export async function uploadToSignedUrl(
  svc: StorageService,
  sreq: StorageRequest,
  bucket: string,
  key: string,
): Promise<Response> {
  const claims = await verifyToken(svc, sreq, 'upload', bucket, key);
  await uploadObject(svc, sreq, {
    bucket,
    key,
    upsert: claims.upsert === true,
    owner: typeof claims.owner === 'string' ? claims.owner : undefined,
    authorizedByToken: true,
    operation: 'storage.object.upload_signed',
  });
  return Response.json({ Key: `${bucket}/${key}` });
}
