/**
 * Regions and the regional holiday calendar (issue 13, TIME_OFF_API):
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/timeoff/getregions | – | `RegionRow[]` (active regions) |
 * | GET /api/timeoff/getholidays | regionId? (or mine=true: the caller's region), year? (default this year) | `HolidayRow[]` by date |
 */
import type Database from 'better-sqlite3';
import type { HolidayRow, RegionRow } from '../../../../src/core/time-off-api';
import { TIME_OFF_API } from '../../../../src/core/time-off-api';
import type { Ctx, Handlers } from '../context';
import { badRequest, booleanParam, idParam, notFound, rawParam } from '../http';
import { routeKey } from '../routes';
import { timeOffToday } from './common';

type Db = Database.Database;

export const HOLIDAY_SELECT = `SELECT h.holidayId, h.regionId, g.name AS regionName, h.holidayDate, h.name, h.hours
  FROM holidays h JOIN regions g ON g.regionId = h.regionId`;

export function holidayRow(db: Db, holidayId: number): HolidayRow {
  const row = db.prepare(`${HOLIDAY_SELECT} WHERE h.holidayId = ?`).get(holidayId) as HolidayRow | undefined;
  if (!row) throw notFound(`Holiday ${holidayId} not found.`);
  return row;
}

export function requireRegion(db: Db, regionId: number): RegionRow {
  const region = db.prepare('SELECT regionId, code, name FROM regions WHERE regionId = ?').get(regionId) as RegionRow | undefined;
  if (!region) throw notFound(`Region ${regionId} not found.`);
  return region;
}

function yearParam(query: Record<string, unknown>): number {
  const raw = rawParam(query, 'year')?.trim();
  if (raw === undefined || raw === '') return Number(timeOffToday().slice(0, 4));
  if (!/^\d{4}$/.test(raw) || Number(raw) < 2000 || Number(raw) > 2100) throw badRequest(`Parameter 'year' must be a year from 2000 to 2100 (got '${raw.slice(0, 40)}').`, { parameter: 'year' });
  return Number(raw);
}

function getRegions({ db }: Ctx): RegionRow[] {
  return db.prepare('SELECT regionId, code, name FROM regions WHERE active = 1 ORDER BY name').all() as RegionRow[];
}

function getHolidays({ db, query, user }: Ctx): HolidayRow[] {
  // mine=true: the caller's own region (the request form's holidays); none when the caller has no region.
  const mine = booleanParam(query, 'mine', false);
  const own = mine ? (db.prepare('SELECT regionId FROM employees WHERE employeeId = ?').get(user.employeeId) as { regionId: number | null } | undefined)?.regionId ?? null : null;
  if (mine && own === null) return [];
  const regionId = mine ? own! : idParam(query, 'regionId');
  const year = yearParam(query);
  if (regionId !== undefined) requireRegion(db, regionId);
  return db.prepare(`${HOLIDAY_SELECT} WHERE h.holidayDate BETWEEN ? AND ?${regionId !== undefined ? ' AND h.regionId = ?' : ''}
    ORDER BY h.holidayDate, g.name`).all(`${year}-01-01`, `${year}-12-31`, ...(regionId !== undefined ? [regionId] : [])) as HolidayRow[];
}

export const holidayHandlers: Handlers = {
  [routeKey('GET', TIME_OFF_API.getRegions)]: getRegions,
  [routeKey('GET', TIME_OFF_API.getHolidays)]: getHolidays,
};
