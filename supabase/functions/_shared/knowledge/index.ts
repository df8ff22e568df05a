export * from './formats.ts';
export * from './extract.ts';
export * from './chunk.ts';
export * from './ingest.ts';
export * from './paths.ts';
