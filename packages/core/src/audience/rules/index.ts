import type { AudienceNetwork } from '../networks.js';
import { googleRules } from './google.js';
import { linkedinRules } from './linkedin.js';
import { liverampRules } from './liveramp.js';
import { metaRules } from './meta.js';
import { microsoftRules } from './microsoft.js';
import { pinterestRules } from './pinterest.js';
import { snapchatRules } from './snapchat.js';
import { tiktokRules } from './tiktok.js';
import type { NetworkRules } from './types.js';
import { uid2Rules } from './uid2.js';
import { xRules } from './x.js';

export type { FieldRule, NetworkRules, RuleContext } from './types.js';

export const networkRules: Record<AudienceNetwork, NetworkRules> = {
  google: googleRules,
  meta: metaRules,
  linkedin: linkedinRules,
  tiktok: tiktokRules,
  x: xRules,
  snapchat: snapchatRules,
  pinterest: pinterestRules,
  microsoft: microsoftRules,
  uid2: uid2Rules,
  liveramp: liverampRules,
};
