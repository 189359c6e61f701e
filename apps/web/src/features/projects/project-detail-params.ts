import { z } from 'zod';
import { defineListParams } from '../../lib/list-params';

/** The project detail's tab in the URL: `?tab=offers` or `?tab=administration` ('details' is the default). */
export const PROJECT_DETAIL_PARAMS = defineListParams({
  tab: z.enum(['details', 'offers', 'administration']).default('details'),
});
