import type { HttpService, StackContext } from '../core/contracts.ts';
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  syncConfigBuckets,
  updateBucket,
} from './buckets.ts';
import { resolveIdentity, type StorageRequest } from './context.ts';
import { errors, StorageError } from './errors.ts';
import { FileStore } from './files.ts';
import { listObjects, listObjectsV2 } from './list.ts';
import { deleteObject, findObjectAsUser, findPublicObject, objectInfo, removeObjects, serveObject } from './objects.ts';
import { assertBucketName, assertObjectKey, decodePath } from './paths.ts';
import { globalLimitOf, type StorageService } from './service.ts';
import {
  createSignedUploadUrl,
  createSignedUrl,
  createSignedUrls,
  getSignedObject,
  uploadToSignedUrl,
} from './signed.ts';
import { copyObject, moveObject } from './transfer.ts';
import { uploadObject } from './upload.ts';

/**
 * `/storage/v1`: a Supabase Storage-compatible API over storage.buckets /
 * storage.objects in PGlite and bytes on the local filesystem. The server strips the prefix, so
 * routes here start at `/bucket` and `/object`.
 */

type Handler = (svc: StorageService, sreq: StorageRequest, params: string[]) => Promise<Response>;

interface Route {
  methods: string[];
  pattern: RegExp;
  /** Public and signed routes ignore Authorization (they run without a JWT upstream too). */
  anonymous?: boolean;
  handler: Handler;
}

/** Captured groups: bucket first (one segment), then the object key (the rest, may contain '/'). */
const BUCKET = '([^/]+)';
const KEY = '(.+)';

function bucketOf(raw: string): string {
  return assertBucketName(decodePath(raw));
}

function keyOf(raw: string): string {
  return assertObjectKey(decodePath(raw));
}

const upload =
  (update: boolean): Handler =>
  async (svc, sreq, [b = '', k = '']) => {
    const bucket = bucketOf(b);
    const key = keyOf(k);
    const { id } = await uploadObject(svc, sreq, {
      bucket,
      key,
      // `update()` (PUT) replaces the object, as upstream's uploadOverridingObject does.
      upsert: update || sreq.request.headers.get('x-upsert') === 'true',
      owner: sreq.owner,
      authorizedByToken: false,
      operation: update ? 'storage.object.update' : 'storage.object.upload',
    });
    return Response.json({ Id: id, Key: `${bucket}/${key}` });
  };

const download: Handler = async (svc, sreq, [b = '', k = '']) => {
  const bucket = bucketOf(b);
  const key = keyOf(k);
  const object = await findObjectAsUser(svc, sreq, bucket, key, 'storage.object.get_authenticated');
  return serveObject(svc, sreq, bucket, key, object);
};

const ROUTES: Route[] = [
  { methods: ['GET'], pattern: /^\/bucket\/?$/, handler: (svc, sreq) => listBuckets(svc, sreq) },
  { methods: ['POST'], pattern: /^\/bucket\/?$/, handler: (svc, sreq) => createBucket(svc, sreq) },
  {
    methods: ['POST'],
    pattern: new RegExp(`^/bucket/${BUCKET}/empty/?$`),
    handler: (svc, sreq, [b = '']) => emptyBucket(svc, sreq, bucketOf(b)),
  },
  {
    methods: ['GET'],
    pattern: new RegExp(`^/bucket/${BUCKET}/?$`),
    handler: (svc, sreq, [b = '']) => getBucket(svc, sreq, bucketOf(b)),
  },
  {
    methods: ['PUT'],
    pattern: new RegExp(`^/bucket/${BUCKET}/?$`),
    handler: (svc, sreq, [b = '']) => updateBucket(svc, sreq, bucketOf(b)),
  },
  {
    methods: ['DELETE'],
    pattern: new RegExp(`^/bucket/${BUCKET}/?$`),
    handler: (svc, sreq, [b = '']) => deleteBucket(svc, sreq, bucketOf(b)),
  },

  { methods: ['POST'], pattern: /^\/object\/move\/?$/, handler: (svc, sreq) => moveObject(svc, sreq) },
  { methods: ['POST'], pattern: /^\/object\/copy\/?$/, handler: (svc, sreq) => copyObject(svc, sreq) },
  {
    methods: ['POST'],
    pattern: new RegExp(`^/object/list/${BUCKET}/?$`),
    handler: (svc, sreq, [b = '']) => listObjects(svc, sreq, bucketOf(b)),
  },
  {
    methods: ['POST'],
    pattern: new RegExp(`^/object/list-v2/${BUCKET}/?$`),
    handler: (svc, sreq, [b = '']) => listObjectsV2(svc, sreq, bucketOf(b)),
  },
  {
    methods: ['GET'],
    pattern: new RegExp(`^/object/info/public/${BUCKET}/${KEY}$`),
    anonymous: true,
    handler: (svc, sreq, [b = '', k = '']) => objectInfo(svc, sreq, bucketOf(b), keyOf(k), true),
  },
  {
    methods: ['GET'],
    pattern: new RegExp(`^/object/info/(?:authenticated/)?${BUCKET}/${KEY}$`),
    handler: (svc, sreq, [b = '', k = '']) => objectInfo(svc, sreq, bucketOf(b), keyOf(k), false),
  },
  {
    methods: ['POST'],
    pattern: new RegExp(`^/object/sign/${BUCKET}/?$`),
    handler: (svc, sreq, [b = '']) => createSignedUrls(svc, sreq, bucketOf(b)),
  },
  {
    methods: ['POST'],
    pattern: new RegExp(`^/object/sign/${BUCKET}/${KEY}$`),
    handler: (svc, sreq, [b = '', k = '']) => createSignedUrl(svc, sreq, bucketOf(b), keyOf(k)),
  },
  {
    methods: ['GET', 'HEAD'],
    // Image transformations need imgproxy, which the local stack does not run: `/render/image/*`
    // serves the original bytes so pages still show the picture (just not resized).
    pattern: new RegExp(`^/(?:object|render/image)/sign/${BUCKET}/${KEY}$`),
    anonymous: true,
    handler: (svc, sreq, [b = '', k = '']) => getSignedObject(svc, sreq, bucketOf(b), keyOf(k)),
  },
  {
    methods: ['POST'],
    pattern: new RegExp(`^/object/upload/sign/${BUCKET}/${KEY}$`),
    handler: (svc, sreq, [b = '', k = '']) => createSignedUploadUrl(svc, sreq, bucketOf(b), keyOf(k)),
  },
  {
    methods: ['PUT'],
    pattern: new RegExp(`^/object/upload/sign/${BUCKET}/${KEY}$`),
    anonymous: true,
    handler: (svc, sreq, [b = '', k = '']) => uploadToSignedUrl(svc, sreq, bucketOf(b), keyOf(k)),
  },
  {
    methods: ['GET', 'HEAD'],
    pattern: new RegExp(`^/(?:object|render/image)/public/${BUCKET}/${KEY}$`),
    anonymous: true,
    handler: async (svc, sreq, [b = '', k = '']) => {
      const bucket = bucketOf(b);
      const key = keyOf(k);
      return serveObject(svc, sreq, bucket, key, await findPublicObject(svc, bucket, key));
    },
  },
  {
    methods: ['GET', 'HEAD'],
    pattern: new RegExp(`^/(?:object|render/image)/authenticated/${BUCKET}/${KEY}$`),
    handler: download,
  },
  {
    methods: ['DELETE'],
    pattern: new RegExp(`^/object/${BUCKET}/?$`),
    handler: (svc, sreq, [b = '']) => removeObjects(svc, sreq, bucketOf(b)),
  },
  { methods: ['POST'], pattern: new RegExp(`^/object/${BUCKET}/${KEY}$`), handler: upload(false) },
  { methods: ['PUT'], pattern: new RegExp(`^/object/${BUCKET}/${KEY}$`), handler: upload(true) },
  { methods: ['GET', 'HEAD'], pattern: new RegExp(`^/object/${BUCKET}/${KEY}$`), handler: download },
  {
    methods: ['DELETE'],
    pattern: new RegExp(`^/object/${BUCKET}/${KEY}$`),
    handler: (svc, sreq, [b = '', k = '']) => deleteObject(svc, sreq, bucketOf(b), keyOf(k)),
  },
];

export async function createStorageService(ctx: StackContext): Promise<HttpService> {
  const svc: StorageService = {
    ctx,
    db: ctx.db,
    files: await FileStore.open(ctx.config.filesDir),
    jwtSecret: ctx.config.jwtSecret,
    globalFileSizeLimit: globalLimitOf(ctx),
  };
  await syncConfigBuckets(svc);
  return { handle: (request) => handle(svc, request) };
}

async function handle(svc: StorageService, request: Request): Promise<Response> {
  const method = request.method.toUpperCase();
  const { pathname } = new URL(request.url);
  try {
    for (const route of ROUTES) {
      if (!route.methods.includes(method)) continue;
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const sreq = route.anonymous
        ? {
            request,
            url: new URL(request.url),
            headers: {},
            identity: { role: 'anon', claims: { role: 'anon' } },
            owner: undefined,
            jwt: '',
          }
        : await resolveIdentity(svc.ctx, request);
      return await route.handler(svc, sreq, match.slice(1));
    }
    if (method === 'GET' && (pathname === '/status' || pathname === '/health'))
      return new Response(null, { status: 200 });
    return errors.notFoundRoute(method, pathname).toResponse(true);
  } catch (error) {
    const storageError =
      error instanceof StorageError ? error : new StorageError('InternalError', 500, 'Internal server error');
    if (!(error instanceof StorageError) || storageError.httpStatusCode === 500) {
      svc.ctx.log(`storage: ${method} ${pathname}: ${(error as Error).stack ?? String(error)}`);
    }
    const response = storageError.toResponse();
    return method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
  }
}
