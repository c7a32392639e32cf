/**
 * Tag → chunk: the loader imports an element's folder only when its tag is needed.
 * Add a line here for every new element.
 */
export const elementChunks: Record<string, () => Promise<unknown>> = {
  'portal-not-found': () => import('./portal-not-found/define'),
  'portal-forbidden': () => import('./portal-forbidden/define'),
  'portal-unprocessable': () => import('./portal-unprocessable/define'),
  'portal-not-available': () => import('./portal-not-available/define'),
  'portal-app': () => import('./portal-app/define'),
  'portal-home': () => import('./portal-home/define'),
  'portal-header': () => import('./portal-header/define'),
  'pfm-projects': () => import('./pfm-projects/define'),
  'pfm-workbench-host': () => import('./pfm-workbench-host/define'),
  'pfm-projection-grid': () => import('./pfm-projection-grid/define'),
  'pfm-commitments': () => import('./pfm-commitments/define'),
  'pfm-buyout': () => import('./pfm-buyout/define'),
  'pfm-owner-agreements': () => import('./pfm-owner-agreements/define'),
  'wb-subcontract': () => import('./wb-subcontract/define'),
  'wb-subcontract-change-order': () => import('./wb-subcontract-change-order/define'),
  'wb-purchase-agreement': () => import('./wb-purchase-agreement/define'),
  'wb-purchase-agreement-change-order': () => import('./wb-purchase-agreement-change-order/define'),
  'wb-purchase-order': () => import('./wb-purchase-order/define'),
  'wb-owner-agreement': () => import('./wb-owner-agreement/define'),
  'wb-owner-agreement-change-order': () => import('./wb-owner-agreement-change-order/define'),
  'wb-cost-code-transactions': () => import('./wb-cost-code-transactions/define'),
  'wb-add-cost-code': () => import('./wb-add-cost-code/define'),
  'wb-project-configuration': () => import('./wb-project-configuration/define'),
  'wb-reports': () => import('./wb-reports/define'),
};
