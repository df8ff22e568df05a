export function functionSlugs(functionsDir: string): string[];
export function backendEntrySource(slugs: string[]): string;
