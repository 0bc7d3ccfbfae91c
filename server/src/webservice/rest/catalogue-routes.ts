import { fieldRoutes } from '../bug/fields.js';
import { flagTypeWriteRoutes } from '../flag-type/flag-type-writes.js';
import { flagTypeReadRoutes } from '../flag-type/flag-types.js';
import { groupWriteRoutes } from '../group/group-writes.js';
import { groupReadRoutes } from '../group/groups.js';
import { classificationRoutes } from '../product/classifications.js';
import { productWriteRoutes } from '../product/product-writes.js';
import { productReadRoutes } from '../product/products.js';
import { userWriteRoutes } from '../user/user-writes.js';
import { userReadRoutes } from '../user/users.js';

/** The routes that read the catalogue, users and groups. */
export const catalogueReadRoutes = {
  ...productReadRoutes,
  ...classificationRoutes,
  ...fieldRoutes,
  ...userReadRoutes,
  ...groupReadRoutes,
  ...flagTypeReadRoutes,
};

/** The routes that change the catalogue. */
export const catalogueWriteRoutes = {
  ...productWriteRoutes,
  ...groupWriteRoutes,
  ...flagTypeWriteRoutes,
  ...userWriteRoutes,
};
