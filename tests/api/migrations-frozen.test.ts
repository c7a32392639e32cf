/**
 * Shipped migrations are frozen (issue 30). Each migration is one file in demo/host/db/migrations
 * (`0NN_name.ts`) holding its SQL as it shipped, with no imports of live code; a database that ran it
 * can never run it again, so editing it would leave old and new databases different. This file holds
 * the sha256 of each shipped migration's SQL: a change to any of them fails here. Never edit a shipped
 * migration: add a new one (and its checksum below once it ships).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS } from '../../demo/host/db/migrations';

/** version → [name, sha256 of its SQL (UTF-8)], as shipped. Append only. */
const SHIPPED: Readonly<Record<number, readonly [string, string]>> = {
  1: ['001_initial', '382f3ab0a87108019d37aad4678b3ca079fc9ef886bbfdc538a75b0e61513d70'],
  2: ['002_direct_cost_approval', '257d76731efa784f3df33917e17791f67952edec25446130f3ede9e54c067db6'],
  3: ['003_cost_adjustments', '9939e820c363192e747473f83976b9cccda0a03be095849c6eea9eb1e3f801f6'],
  4: ['004_transaction_source_index', '6428976bebf0953de7670bc4d4f989ad71b8d85672d44dd4ffba05836a55524d'],
  5: ['005_opportunities', '7b13c2c2206a909acb0179412cd9f8db95909ed6ed328c5a85715903e3fc7123'],
  6: ['006_surveys', 'd3bab138104d99848308a2a6a70c3a01569fe6c97c3a3165e0d26af18b8dd140'],
  7: ['007_esign', '09b90ba968a1b1fe9cede7b7cda48361b5db22623b7f064ab8f6c479cc67a723'],
  8: ['008_record_history', '2fb0914e8bb868120dc0ec552f046aa220691d9c738ed0f843ad454030b90b03'],
  9: ['009_document_templates', 'd7e9639684151b995c7280b87bf6d3024ce7b4c534f7680c4690475af466c883'],
  10: ['010_history_outside_actor', '5d2e14cb40c10145bea68a0b43dd111f393d17a86b4ae06ed29dfc42824805bf'],
  11: ['011_timecards', '978c833dc7fc183659985a2261f55c64421a9bad65a56a17a1bc1cc6a37027e0'],
  12: ['012_time_off_on_behalf_of', '527a5a080b1c1730c4f22bb0a9ee2986e84e7a62ce5907857c12525bb09ca72c'],
  13: ['013_subcontractor_risk', '413bb96d6e54ae3cb3966c752e7ce4cf038ecde7b66c464e423e54ed7fe2cb4f'],
  14: ['014_project_teams', 'd2ee07480247918608bd6870f69e4b37a15242031be9f9abac5367d866b3f905'],
  15: ['015_access_requests', 'bef13a2c2d0e56ce4f1ad72429dd0e99d8ea4785452cb805804e1b973b75daa9'],
  16: ['016_default_assignments', '2df0d89f1f9d4a0f966828edae54c16173a2afeb26a394ec12f220dd155622b9'],
  17: ['017_project_closeouts', 'd7b7f2107a79e32fe04d5a601753c706e3b964dc2f0bd31458572b160751bc1d'],
  18: ['018_user_admin', 'a1cd201346abe4cab6942b26a6111a8888e82cd91956c5b6037299de3c034327'],
  19: ['019_app_records_version', '4aad513b949cf327420a6bb0754d89e14001b0036777e9826bf06a3931c2fa0e'],
  20: ['020_it_billing', 'b0440531fd864223cd34c462cd49180ff1da1ebd18e44df9d804292cfb001a09'],
  21: ['021_load_indexes', 'e8a22ede40766aa3c79afab20a17100b8c5778dd323354c620e30f357832fdf7'],
  22: ['022_approval_authority', '17abdc99e0df6831b19c562def50f0c58ab7237fe17c143a2f97263bf7ac0729'],
  23: ['023_signing_link_hash', 'c4d7394577ea6a41a49c05d34ef0ac9af217a01cc575a95f14a9c91a45754a87'],
  24: ['024_timecard_reminders', 'a1fd58250063b5d9db8bcc1a2157bc0796fffa4c324f5b7080ce18fa17099aa2'],
  25: ['025_commitment_terms', '2ebf46a2f6e806767d52f4ea241cd71c274ac731194852e6f79c3dff70fadfb4'],
  26: ['026_pay_applications', '3391016ace861d2faf1d2678811bb1cb4dbc029613e50d8b05be0be160c9563e'],
  27: ['027_vendor_records', '6b7686539b436478f894772aad4f1f67ad60763549c399a63eca7b2a20c23270'],
  28: ['028_commitment_terms_security', '4875fb8b14c2664be72a26456927ba3125716442a48eef26dad82d0546b416b0'],
  29: ['029_forecast_periods', 'b0315584b43b28cc1fb017cc20739c1850e2d52d7b13650f6de3279a2b21d9e8'],
  30: ['030_transaction_kinds', '875edbd1f0ca0c6aeab38b7b1f41beb37c8585e5d15c6c1691a23d8bf900b4ab'],
  31: ['031_change_event_probability', '3db5d0639e6dfa1cbace4e6c9d94cb6a80b6652e93fe9eda7096e567967defcd'],
  32: ['032_projection_submissions', '2164fd38f7a0d8c41963105730ab8f238f8c0e69892a210553350e6e1196b704'],
};

const FOLDER = path.resolve('demo/host/db/migrations');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('shipped migrations are frozen', () => {
  it('every shipped migration is still there, under its name, with the SQL it shipped with', () => {
    for (const [version, [name, checksum]] of Object.entries(SHIPPED)) {
      const migration = MIGRATIONS.find((m) => m.version === Number(version));
      assert.ok(migration, `Migration ${name} (version ${version}) is gone. A shipped migration is never removed: databases have run it.`);
      assert.equal(migration.name, name, `Migration version ${version} was renamed from ${name} to ${migration.name}. A shipped migration is never edited: add a new one.`);
      assert.equal(
        sha256(migration.sql),
        checksum,
        `Migration ${name} changed: its SQL no longer has the checksum it shipped with. A shipped migration is never edited: ` +
          'databases that ran it keep what it did. Put the change in a new migration instead.',
      );
    }
  });

  it('every migration has its shipped checksum recorded here', () => {
    for (const { version, name, sql } of MIGRATIONS) {
      assert.ok(
        SHIPPED[version],
        `Migration ${name} has no checksum in tests/api/migrations-frozen.test.ts. When it ships, add the line ` +
          `  ${version}: ['${name}', '${sha256(sql)}'],`,
      );
    }
  });

  it('versions run 1..N with no gap, and each name is 0NN_name with its version', () => {
    assert.deepEqual(
      MIGRATIONS.map((m) => m.version),
      MIGRATIONS.map((_, index) => index + 1),
      'Migration versions must be 1, 2, 3, … in order with no gap.',
    );
    for (const { version, name } of MIGRATIONS) {
      assert.match(name, /^\d{3}_[a-z0-9]+(_[a-z0-9]+)*$/, `Migration ${name}: a name is 0NN_words_in_snake_case.`);
      assert.equal(Number(name.slice(0, 3)), version, `Migration ${name}: its number must be its version (${version}).`);
    }
    assert.equal(new Set(MIGRATIONS.map((m) => m.name.slice(4))).size, MIGRATIONS.length, 'Two migrations share a name.');
  });

  it('one file per migration, named as the migration, importing no live code', () => {
    const files = readdirSync(FOLDER).filter((file) => file.endsWith('.ts')).sort();
    assert.deepEqual(files, MIGRATIONS.map((m) => `${m.name}.ts`), 'demo/host/db/migrations holds exactly one 0NN_name.ts per migration of MIGRATIONS.');
    for (const file of files) {
      const text = readFileSync(path.join(FOLDER, file), 'utf8');
      assert.doesNotMatch(
        text,
        /^\s*import\s|\brequire\(|\bimport\(/m,
        `${file} imports code: a migration's SQL is frozen text, so that editing live code can never change a shipped migration.`,
      );
    }
  });
});
