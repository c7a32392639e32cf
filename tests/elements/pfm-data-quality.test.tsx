import { expect } from 'chai';
import { DATA_QUALITY_PATH, type DataQualityIssue } from '../../src/core/data-quality/contract';
import { DATA_QUALITY_PAGE } from '../../src/features/data-quality/data';
import { MORE_ROWS_TEXT } from '../../src/ui/MoreRows';
import '../../src/elements/pfm-data-quality/define';
import { mount, stubFetch, textOf, waitFor } from '../support/browser';
import { useElementTestPage } from '../support/elements';

/** `count` failures of one rule, one subcontract each (SC-0001, SC-0002…). */
const issues = (count: number): DataQualityIssue[] => Array.from({ length: count }, (_, i) => ({
  ruleId: 'commitment-without-items', ruleTitle: 'Commitment without items', severity: 'error', recordKey: 'Subcontract', recordId: i + 1,
  number: `SC-${String(i + 1).padStart(4, '0')}`, message: 'Add its items.', projectId: 1, workbench: 'Subcontract',
}));

describe('data quality', () => {
  useElementTestPage();

  describe('<pfm-data-quality>', () => {
    it('shows a page of failing records first, with the lists\' Show more and Show all below', async () => {
      const total = DATA_QUALITY_PAGE + DATA_QUALITY_PAGE / 2;
      stubFetch({ [DATA_QUALITY_PATH]: { body: { data: issues(total) } } });
      const root = await mount('pfm-data-quality', { 'project-id': '1' });
      const rows = () => root.querySelectorAll('[data-table="issues"] tbody tr').length;
      await waitFor(() => rows() > 0);
      expect(rows()).to.equal(DATA_QUALITY_PAGE);
      expect(textOf(root, '[data-more] span')).to.equal(MORE_ROWS_TEXT.shownOf(DATA_QUALITY_PAGE, total));
      expect(textOf(root, '[data-action="show-all"]')).to.equal(MORE_ROWS_TEXT.showAll(total));
      const more = root.querySelector<HTMLButtonElement>('[data-action="show-more"]')!;
      expect(more.textContent).to.equal(MORE_ROWS_TEXT.showMore(total - DATA_QUALITY_PAGE));
      more.click();
      await waitFor(() => rows() === total);
      expect(root.querySelector('[data-more]')).to.equal(null);
    });

    it('shows no Show more when every failing record fits on the first page', async () => {
      stubFetch({ [DATA_QUALITY_PATH]: { body: { data: issues(3) } } });
      const root = await mount('pfm-data-quality', { 'project-id': '1' });
      await waitFor(() => root.querySelectorAll('[data-table="issues"] tbody tr').length === 3);
      expect(root.querySelector('[data-more]')).to.equal(null);
    });
  });
});
