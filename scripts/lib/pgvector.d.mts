// Types of pgvector.mjs (plain JavaScript so that `npm test` runs before `npm install` has).

export const PGVECTOR_CONTROL: string;
export const PGVECTOR_PACKAGE: string;

/** The Debian archive apt uses for `codename`'s main component, from `apt-cache policy` output. */
export function debianArchive(policyOutput: string, codename: string): string | undefined;

/** Builds and installs pgvector from Debian's source package. Returns whether it is installed. */
export function buildPgvectorFromDebianSource(): boolean;
