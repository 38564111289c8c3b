import type { ColumnType, Generated } from 'kysely';

/** 64-bit integers come back as decimal strings from both drivers (see db/index.ts). */
type Int8 = string;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default: optional on insert. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  phone: string | null;
  email: string | null;
  nickname: string;
  avatar_url: Generated<string>;
  password_hash: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface VerifyCodesTable {
  id: Generated<string>;
  phone: string;
  type: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface TokenFamiliesTable {
  id: Generated<string>;
  user_id: Int8;
  revoked_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface AccessTokensTable {
  token_hash: string;
  family_id: Int8;
  user_id: Int8;
  expires_at: Timestamp;
  created_at: DefaultedTimestamp;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: Int8;
  user_id: Int8;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: DefaultedTimestamp;
}

export interface DB {
  users: UsersTable;
  verify_codes: VerifyCodesTable;
  token_families: TokenFamiliesTable;
  access_tokens: AccessTokensTable;
  refresh_tokens: RefreshTokensTable;
  schema_migrations: SchemaMigrationsTable;
}
