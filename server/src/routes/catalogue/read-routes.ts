import { classificationRoutes } from './classifications.js';
import { fieldRoutes } from './fields.js';
import { flagTypeReadRoutes } from './flag-types.js';
import { groupReadRoutes } from './groups.js';
import { productReadRoutes } from './products.js';
import { userReadRoutes } from './users.js';

/** The routes that read the catalogue, users and groups. */
export const catalogueReadRoutes = {
  ...productReadRoutes,
  ...classificationRoutes,
  ...fieldRoutes,
  ...userReadRoutes,
  ...groupReadRoutes,
  ...flagTypeReadRoutes,
};
