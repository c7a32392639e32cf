// Issue 33 (the suite under 15 minutes): every screen's WRITE faults, moved down from the e2e fault suite
// (tests/e2e/faults.spec.ts keeps one sentinel of each kind of write through real sign-in; load faults are
// tests/elements/load-faults.test.tsx's). Each element of tests/elements/screen-table.ts that writes, mounted alone as a
// legacy page embeds it, with `fetch` stubbed with its own element test's fixtures; each of its writes meets
// connection reset → 500 → 503 with Retry-After → 409 → 403 → 401 (sent again once with a new token, which fails too)
// → a held write (progress shows, or an optimistic write's effect at once; then a 500). After each: a message says what
// failed, the typed text and the inputs set are kept, the record keeps its state (an optimistic effect is put back).
// The writes are: a record form's Save (RECORD_FORMS), the shared Change state menu, and the screen's own writes
// (tests/elements/screen-writes.ts, the table the e2e suite shares). No unhandled rejection, no console error beyond
// the failure's own log line.
import { expect } from 'chai';
import { setTokenProvider } from '../../src/core/api';
import { setRoles } from '../../src/core/roles';
import { elementChunks } from '../../src/elements/chunks';
import { setValue, sleep, stubFetch } from '../support/browser';
import { ELEMENT_SCREENS, type ElementScreen } from './screen-table';
import { RECORD_FORMS, screenWrites, WRITES_KEPT_IN_E2E, type WriteInput } from './screen-writes';
import {
  allVisible, boxesShown, closeBox, EVERY_ROLE, failuresShown, faultResponse, firstVisible, progressShown, until, useFaultSuitePage, WRITE_FAULTS, type WriteFault,
} from './fault-suite';
import { ELEMENT_WRITE_ROWS, writeAnswers } from './write-faults-support';

const WRITES = screenWrites(ELEMENT_WRITE_ROWS);

/** A record form's text field: the first one the user may type words into (not a number's). */
const TEXT_FIELD = 'textarea:enabled:not([readonly]), input:is([type="text"], :not([type])):enabled:not([readonly]):not([inputmode])';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What a write must leave as it was: a switch's or checkbox's checked state, else the text. */
const keptState = (el: Element | undefined): string | null =>
  !el ? null : el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? `checked: ${el.checked}` : el.textContent ?? '';

/** The screens that write: a record form, or writes of their own; less those kept in e2e. */
const WRITING = ELEMENT_SCREENS.filter((screen) => !WRITES_KEPT_IN_E2E[screen.name] && (RECORD_FORMS[screen.tag] || WRITES[screen.name]));

describe('write faults: every screen and workbench that writes, alone on the page with a stubbed fetch', () => {
  const errors = useFaultSuitePage();

  for (const screen of WRITING) {
    it(`${screen.name} <${screen.tag}>: each write's faults show a message, keep what was typed and the record's state`, async () => {
      setRoles(EVERY_ROLE);
      // The token the page holds: a 401 makes the client ask for a new one (forceRefresh).
      let generation = 0;
      setTokenProvider(async (_resource, options) => {
        if (options?.forceRefresh) generation += 1;
        return `token-${generation}`;
      });
      let armed: WriteFault | null = null;
      /** How many writes had been sent when the fault was armed. */
      let armedAt = 0;
      /** The writes met while armed: path and token. */
      const sent: Array<{ path: string; token: string | null }> = [];
      const held: Array<() => void> = [];
      stubFetch(new Proxy(writeAnswers(screen), { get: (answers, path: string) => answers[path] ?? { body: { data: [] } } }));
      const answer = window.fetch;
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = (init?.method ?? 'GET').toUpperCase();
        if (method === 'GET' || !armed) return answer(input, init);
        const url = new URL(String(input instanceof Request ? input.url : input), location.origin);
        const fault = armed;
        sent.push({ path: url.pathname, token: new Headers(init?.headers).get('Authorization') });
        if (fault === 'held') {
          await new Promise<void>((resolve) => held.push(resolve));
          return faultResponse('500');
        }
        // A 401 first; the write sent again with a new token fails with a 500.
        if (fault === '401') return faultResponse(sent.length === armedAt + 1 ? '401' : '500');
        return faultResponse(fault);
      };
      const arm = (fault: WriteFault | null) => {
        armed = fault;
        armedAt = sent.length;
      };

      await elementChunks[screen.tag]!();
      const element = document.createElement(screen.tag);
      for (const [name, value] of Object.entries(screen.attributes ?? {})) element.setAttribute(name, value);
      document.body.append(element);
      await until(screen, 'renders and loads', () => (element.shadowRoot?.textContent ?? '').trim() && !progressShown(element, true), 10_000);

      const find = (selector: string) => firstVisible(element, selector);
      const click = async (what: string, selector: string) => {
        const target = await until(screen, `${what}: ${selector} shows, enabled`, () => {
          const found = find(selector);
          return found && !(found as HTMLButtonElement).disabled && found.getAttribute('aria-disabled') !== 'true' ? found : null;
        });
        target.click();
      };

      /** Mark the failure messages showing now with their text: the check after a fault needs one that is new, or whose text changed. */
      const markShown = () => failuresShown(element).forEach((el) => el.setAttribute('data-fault-before', el.textContent ?? ''));
      const newFailureShown = () => failuresShown(element).some((el) => el.getAttribute('data-fault-before') !== el.textContent);

      /**
       * After `send` (which sends the write or opens a box asking about it): the write goes out; a held one shows progress
       * (or `moved`: its effect at once) and then fails; a 401 is sent again once with a new token; a message says what failed.
       */
      const faulted = async (what: string, fault: WriteFault, before: number, progress: () => boolean, moved?: () => boolean) => {
        await until(screen, `${what} ${fault}: the write was sent`, () => sent.length > before);
        if (fault === 'held') {
          if (moved) await until(screen, `${what}: the held write shows its effect at once`, moved);
          else await until(screen, `${what}: the held write shows progress`, progress);
          for (const release of held.splice(0)) release();
        }
        if (fault === '401') {
          await until(screen, `${what} 401: sent again with a new token`, () => sent.length - before === 2);
          expect(sent[before + 1]!.token, `${screen.name}: ${what} 401: the write sent again carries a new token`).to.not.equal(sent[before]!.token);
          await sleep(20);
          expect(sent.length - before, `${screen.name}: ${what} 401: sent again once`).to.equal(2);
        }
        await until(screen, `${what} ${fault}: a message says what failed`, newFailureShown).catch((error: Error) => {
          throw new Error(`${error.message} (showing: ${failuresShown(element).map((el) => `"${el.textContent}"`).join(', ') || 'nothing'})`);
        });
        closeBox(element);
        // Closed before the next write: a box of the next one is then new, not this one still closing.
        await until(screen, `${what} ${fault}: the message box closes`, () => boxesShown(element).length === 0);
      };
      const busy = (button: () => Element | undefined) => () => {
        const el = button();
        return (!!el && ((el as HTMLButtonElement).disabled || el.getAttribute('aria-busy') === 'true')) || progressShown(element);
      };

      let earlierWrites = false;
      const form = RECORD_FORMS[screen.tag] ?? {};

      // A record form's Save: each fault shows a message, the typed value stays.
      if (form.save) {
        if (form.unlock) (await until(screen, 'the record form offers to unlock it', () => find(form.unlock!))).click();
        const field = await until(screen, 'the record form has a text field', () => find(form.field ?? TEXT_FIELD)) as HTMLInputElement | HTMLTextAreaElement;
        const saveButton = form.button ?? '[data-save]';
        await until(screen, 'the record form has a Save', () => find(saveButton));
        const original = field.value;
        const typed = form.typed ?? `Typed before the fault ${screen.name}`;
        setValue(field, typed);
        for (const fault of WRITE_FAULTS) {
          const before = sent.length;
          arm(fault);
          markShown();
          await click(`save ${fault}`, saveButton);
          await faulted('save', fault, before, busy(() => find(saveButton)));
          expect(field.value, `${screen.name}: save ${fault}: the typed value is kept`).to.equal(typed);
        }
        arm(null);
        setValue(field, original);
        earlierWrites = true;
      }

      // The shared Change state menu: each fault shows a message, and the record keeps its state.
      if (form.stateChange) {
        const advance = () => find('button[aria-label^="Change state of "]');
        const badge = () => find('[data-state-name]');
        await until(screen, 'the Change state menu and the state badge show', () => advance() && badge());
        const stateBefore = badge()!.textContent;
        for (const fault of WRITE_FAULTS) {
          const before = sent.length;
          arm(fault);
          markShown();
          await click(`state change ${fault}`, 'button[aria-label^="Change state of "]');
          // The first move the user may make (one the approval authority refuses shows disabled, and sends nothing).
          const target = await until(screen, `state change ${fault}: the menu lists a target this user may choose`,
            () => allVisible(document, '[role="menuitem"]:not([aria-disabled="true"])').find((el) => !(el as HTMLButtonElement).disabled));
          target.click();
          // A move that asks for a reason or a confirmation first.
          const box = await until(screen, `state change ${fault}: sent, or asked about`, () => (sent.length > before ? 'sent' : boxesShown(element)[0]));
          if (box !== 'sent') {
            const reason = box.querySelector<HTMLTextAreaElement | HTMLInputElement>('textarea, input[type="text"]');
            if (reason) setValue(reason, `Reason typed before the fault (${fault})`);
            const ok = [...box.querySelectorAll('button')].find((b) => /^(Ok|Yes|Send back|Void|Close|Confirm)\b/.test(b.textContent?.trim() ?? ''));
            ok!.click();
          }
          await faulted('state change', fault, before, busy(advance));
          await until(screen, `state change ${fault}: the record keeps its state (${stateBefore})`, () => badge()?.textContent === stateBefore);
        }
        arm(null);
        earlierWrites = true;
      }

      // The screen's own writes (a workbench's move buttons, a comment post, a list row's action).
      for (const write of WRITES[screen.name] ?? []) {
        for (const step of write.prepare ?? []) {
          if (step.type === undefined) await click(`${write.name}: prepare`, step.to);
          else setValue(await until(screen, `${write.name}: ${step.to} shows`, () => find(step.to)) as Field, step.type);
        }
        const inputs = (write.inputs ?? []).map((input) => ({ input, set: null as string | boolean | null }));
        const keptBefore = write.kept ? keptState(await until(screen, `${write.name}: ${write.kept} shows`, () => find(write.kept!))) : null;
        const typed = `Typed before the fault (${screen.name}: ${write.name})`;
        if (!earlierWrites) expect(failuresShown(element).map((el) => el.textContent), `${screen.name}: ${write.name}: no failure shows before the first fault`).to.deep.equal([]);
        for (const fault of WRITE_FAULTS) {
          const before = sent.length;
          arm(fault);
          markShown();
          // A form the start opened stays open with its typed text after a failure: it is not started again.
          const formField = write.field ?? write.inputs?.[0]?.to;
          if (write.start && !(formField && find(formField))) await click(`${write.name} ${fault}: start`, write.start);
          if (write.field) {
            const field = await until(screen, `${write.name} ${fault}: ${write.field} shows`, () => find(write.field!)) as Field;
            if (field.value !== typed) setValue(field, typed);
          }
          for (const entry of inputs) entry.set ??= await setInput(screen, element, entry.input);
          if (write.send) await click(`${write.name} ${fault}: send`, write.send);
          const box = await until(screen, `${write.name} ${fault}: sent, or asked about`, () => (sent.length > before ? 'sent' : boxesShown(element)[0]));
          if (box !== 'sent') (box.querySelector('[data-button="ok"]') as HTMLButtonElement).click();
          const sendButton = () => find(write.send ?? write.start!);
          await faulted(write.name, fault, before, busy(sendButton),
            write.optimistic && write.kept ? () => keptState(find(write.kept!)) !== keptBefore : undefined);
          if (write.field) expect((find(write.field) as Field | undefined)?.value, `${screen.name}: ${write.name} ${fault}: the typed text is kept`).to.equal(typed);
          for (const { input, set } of inputs) {
            const at = find(input.to) as HTMLInputElement | undefined;
            if (set === true) expect(at?.checked, `${screen.name}: ${write.name} ${fault}: ${input.to} stays checked`).to.equal(true);
            else expect(at?.value, `${screen.name}: ${write.name} ${fault}: ${input.to} keeps its value`).to.equal(set);
          }
          if (write.kept) await until(screen, `${write.name} ${fault}: the record keeps its state`, () => keptState(find(write.kept!)) === keptBefore);
        }
        arm(null);
        earlierWrites = true;
        if (write.field) {
          const field = find(write.field) as Field | undefined;
          if (field) setValue(field, '');
        }
      }
      await sleep(20);
      expect(errors, `${screen.name}: no unhandled rejections or console errors beyond the failure log`).to.deep.equal([]);
    });
  }
});

/** Set a write's form input as `input` says (fill, choose an option, check); gives what it holds then (a value, or true when checked). */
async function setInput(screen: ElementScreen, element: Element, input: WriteInput): Promise<string | boolean> {
  const at = await until(screen, `${input.to} shows`, () => firstVisible(element, input.to)) as Field;
  if (input.check) {
    if (!(at as HTMLInputElement).checked) at.click();
    return true;
  }
  if (at instanceof HTMLSelectElement) {
    const wanted = input.option ?? input.value ?? '';
    const option = await until(screen, `${input.to} offers ${JSON.stringify(wanted)}`, () => [...at.options]
      .find((o, index) => (input.option !== undefined ? index === input.option : o.value === wanted || o.label === wanted)));
    setValue(at, option.value);
  } else setValue(at, input.value ?? '');
  return at.value;
}
