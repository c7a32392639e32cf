// PLACEHOLDER until the API helper lands.
import type { FastifyInstance } from 'fastify';
import type Database from 'better-sqlite3';
import '../types';

/**
 * Register every API route of §7. The host has already verified the bearer token for /api/* and the
 * legacy data paths and set `request.user` (or answered 401).
 */
export async function registerApi(app: FastifyInstance, db: Database.Database): Promise<void> {
  void app;
  void db;
}
