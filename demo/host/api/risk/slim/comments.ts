/**
 * The comment thread of a SLIM request (issue 14): editable by its author within 15 minutes (by the
 * risk clock), and a new comment tells the other party through the bell.
 *
 * | route | parameters | answer |
 * |---|---|---|
 * | GET /api/slim/getslimcomments | `recordId` | SlimComment[] (oldest first) |
 * | POST /api/slim/saveslimcomment | `recordId` + `body` (new), or `commentId` + `body` (edit) | SlimComment |
 *
 * - Who may read and comment: whoever may see the request (requester, assignee, Prequal Administrator,
 *   Escalation Reviewer, the region's Regional Reviewers, Admin); else 403.
 * - An edit by another than the author: 403 (SLIM_TEXT.notCommentAuthor); after 15 minutes: 400 autoAlert
 *   (SLIM_TEXT.editWindow). An empty or too long body: 400 autoAlert at `body`.
 * - The other party: the requester's comment goes to the assignee (or, unassigned, to every Prequal
 *   Administrator); anyone else's to the requester.
 */
import type Database from 'better-sqlite3';
import { FEEDBACK_INVALID } from '../../../../../src/core/feedback';
import { RISK_API, RISK_FUNCTIONS, type SlimComment } from '../../../../../src/core/risk/contract';
import { COMMENT_EDIT_MINUTES, SLIM_TEXT } from '../../../../../src/core/risk/slim';
import { declaredFor, p, route, type ParamsOf, type RouteCtx } from '../../declare';
import { autoAlert, badRequest, forbidden } from '../../http';
import { recordOr404 } from '../../records';

import { callerActor, notify, prequalAdmins, requireSee, SERVICE, slimRowOr404 } from './common';
import * as clock from '../../../../../src/core/clock';

/** Longest comment. */
export const COMMENT_MAX = 4000;

interface CommentRow { commentId: number; requestId: number; authorEmployeeId: number; authorName: string; body: string; createdAt: string; editedAt: string | null }

const SELECT = `SELECT c.commentId, c.requestId, c.authorEmployeeId, e.preferredName AS authorName, c.body, c.createdAt, c.editedAt
  FROM slim_comments c JOIN employees e ON e.employeeId = c.authorEmployeeId`;

/** True while `createdAt` is within the edit window at `nowIso`. */
export const withinEditWindow = (createdAt: string, nowIso: string): boolean =>
  Date.parse(nowIso) - Date.parse(createdAt) <= COMMENT_EDIT_MINUTES * 60_000;

function asComment(row: CommentRow, employeeId: number, now: string): SlimComment {
  return {
    commentId: row.commentId, requestId: row.requestId, author: { employeeId: row.authorEmployeeId, name: row.authorName }, body: row.body,
    createdAt: row.createdAt, editedAt: row.editedAt, editable: row.authorEmployeeId === employeeId && withinEditWindow(row.createdAt, now),
  };
}

function commentOr404(db: Database.Database, commentId: number): CommentRow {
  return recordOr404<CommentRow>(db, SELECT, 'c.commentId', commentId, 'Comment');
}

const refuse = (message: string, fieldName?: string) => autoAlert(RISK_FUNCTIONS.slimComment, message, {
  serviceName: SERVICE, ...(fieldName ? { fieldName, feedback: [{ integerValue: FEEDBACK_INVALID, stringValue: fieldName, message }] } : {}),
});

const LIST = { recordId: p.id({ required: true }) };

function getSlimComments({ db, user, params }: RouteCtx<ParamsOf<typeof LIST>>): SlimComment[] {
  const row = slimRowOr404(db, params.recordId);
  requireSee(callerActor(db, user), row);
  const now = clock.nowIso();
  return (db.prepare(`${SELECT} WHERE c.requestId = ? ORDER BY c.createdAt, c.commentId`).all(row.requestId) as CommentRow[])
    .map((c) => asComment(c, user.employeeId, now));
}

/** A new comment (`recordId`) or an edit (`commentId`); the text is checked by the handler (400 autoAlert at `body`). */
const SAVE = { recordId: p.id(), commentId: p.id(), body: p.string(COMMENT_MAX * 5) };

function saveSlimComment({ db, user, params }: RouteCtx<ParamsOf<typeof SAVE>>): SlimComment {
  const text = params.body ?? '';
  if (!text) throw refuse('Write the comment.', 'body');
  if (text.length > COMMENT_MAX) throw refuse(`A comment is at most ${COMMENT_MAX} characters.`, 'body');
  const commentId = params.commentId;
  const actor = callerActor(db, user);
  const now = clock.nowIso();
  if (commentId !== undefined) {
    const existing = commentOr404(db, commentId);
    requireSee(actor, slimRowOr404(db, existing.requestId));
    if (existing.authorEmployeeId !== user.employeeId) throw forbidden(SLIM_TEXT.notCommentAuthor);
    if (!withinEditWindow(existing.createdAt, now)) throw refuse(SLIM_TEXT.editWindow, 'body');
    db.prepare('UPDATE slim_comments SET body = ?, editedAt = ?, modifiedAt = ? WHERE commentId = ?').run(text, now, now, commentId);
    return asComment(commentOr404(db, commentId), user.employeeId, now);
  }
  if (params.recordId === undefined) throw badRequest("Parameter 'recordId' is required.", { parameter: 'recordId' });
  const request = slimRowOr404(db, params.recordId);
  requireSee(actor, request);
  const id = db.transaction(() => {
    const newId = Number(db.prepare('INSERT INTO slim_comments (requestId, authorEmployeeId, body, createdAt, modifiedAt) VALUES (?, ?, ?, ?, ?)')
      .run(request.requestId, user.employeeId, text, now, now).lastInsertRowid);
    const others = user.employeeId === request.requestedByEmployeeId
      ? (request.assignedToEmployeeId !== null ? [request.assignedToEmployeeId] : prequalAdmins(db).map((p) => p.employeeId))
      : [request.requestedByEmployeeId];
    const excerpt = text.length > 120 ? `${text.slice(0, 119)}…` : text;
    notify(db, request, others, 'Comment', `${user.preferredName} commented on ${request.number}: ${excerpt}`, user.employeeId);
    return newId;
  }).immediate();
  return asComment(commentOr404(db, id), user.employeeId, now);
}

export const commentHandlers = declaredFor('slim', [
  route({
    method: 'GET', path: RISK_API.getSlimComments,
    note: "added: recordId: the request's comments, oldest first, editable flag; 403 for a request the caller may not see",
    params: LIST, handler: getSlimComments,
  }),
  route({
    method: 'POST', path: RISK_API.saveSlimComment,
    note: "added: recordId + body (new; notifies the other party) or commentId + body (edit: the author within 15 minutes, else 400 autoAlert; another's: 403)",
    params: SAVE, handler: saveSlimComment,
  }),
]);
