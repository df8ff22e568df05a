/**
 * The database types the functions' clients use: the generated ones (database.types.ts, written by
 * `npm run gen:types`), with the function arguments that Postgres accepts as null but the generator
 * types as required non-null values (an argument without a default is never marked nullable).
 */
import type { Database as Generated } from './database.types.ts';

export type { Json, Tables, TablesInsert, TablesUpdate } from './database.types.ts';

/** Per SQL function, the arguments without a default that take null for "none". */
interface NullableArguments {
  claim_outbound_message: 'subject';
  whatsapp_message_status: 'error_code' | 'error_message';
}

type GeneratedFunctions = Generated['public']['Functions'];

type AcceptingNull<F, Names extends string> = F extends { Args: infer A; Returns: infer R }
  ? Omit<F, 'Args' | 'Returns'> & { Args: { [K in keyof A]: K extends Names ? A[K] | null : A[K] }; Returns: R }
  : F;

export type Database = Omit<Generated, 'public'> & {
  public: Omit<Generated['public'], 'Functions'> & {
    Functions: {
      [Name in keyof GeneratedFunctions]: Name extends keyof NullableArguments
        ? AcceptingNull<GeneratedFunctions[Name], NullableArguments[Name]>
        : GeneratedFunctions[Name];
    };
  };
};
