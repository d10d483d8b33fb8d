/** One complete SMTP reply; multi-line replies have their lines joined by `\n`. */
export interface SmtpReply {
  code: number;
  enhanced: string | null;
  text: string;
}

const ENHANCED = /^([245])\.(\d{1,3})\.(\d{1,3})(?=\s|$)/;

/** Parses the lines of one reply (`250-a`, `250 b`) into code, enhanced status code and text. */
export const parseReply = (lines: string[]): SmtpReply => {
  const first = lines[0] ?? '';
  const code = Number.parseInt(first.slice(0, 3), 10);
  let enhanced: string | null = null;
  const texts = lines.map((line, index) => {
    let text = line.slice(4);
    const match = ENHANCED.exec(text);
    if (match) {
      if (index === 0) enhanced = match[0];
      text = text.slice(match[0].length).trimStart();
    }
    return text;
  });
  const text = texts.join('\n').trim();
  // qmail puts the enhanced status last: "553 sorry, ... (#5.7.1)".
  enhanced ??= /\(#([245]\.\d{1,3}\.\d{1,3})\)\s*$/.exec(text)?.[1] ?? null;
  return { code, enhanced, text };
};

/** A reply line ends its reply when the fourth character is not `-` (RFC 5321 4.2.1). */
export const isLastLine = (line: string): boolean => line.length < 4 || line[3] !== '-';

export const formatReply = (reply: SmtpReply): string =>
  [String(reply.code), reply.enhanced, reply.text].filter(Boolean).join(' ');
