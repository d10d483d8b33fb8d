export { canonicalCidr, rangeToCidrs } from './cidr.js';
export {
  classifyNetwork,
  type ImportReport,
  type IpRangeRow,
  importIpRanges,
  type ParsedRanges,
  parseIp2asn,
  parseRangeCsv,
} from './import-ranges.js';
export { type IpMatch, type IpRangeType, lookupIp, parseIpAddress } from './lookup-ip.js';
