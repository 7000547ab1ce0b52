// A kept list of passwords long enough for the staff minimum yet among the first tried by anyone
// guessing (from the published breach-frequency lists), and the shapes that are just as weak: one
// character repeated, a keyboard or digit run, or "password" with digits. Checked offline.
const COMMON = new Set([
  'password1234',
  'password12345',
  'password123456',
  'password123!',
  'passwordpassword',
  'password1!23',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwerty123456',
  'qwerty1234567',
  'qwertyqwerty',
  'qwertyuiopas',
  'asdfghjkl123',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'zaq12wsxcde3',
  'q1w2e3r4t5y6',
  'qazwsxedcrfv',
  'zxcvbnm12345',
  'asdfasdfasdf',
  'iloveyou1234',
  'iloveyou12345',
  'welcome12345',
  'welcome123456',
  'letmein12345',
  'changeme1234',
  'changeme12345',
  'administrator',
  'administrator1',
  'admin1234567',
  'adminadmin123',
  'trustno11234',
  'football1234',
  'baseball1234',
  'superman1234',
  'sunshine1234',
  'princess1234',
  'monkey123456',
  'dragon123456',
  'master123456',
  'abc123456789',
  'abcdefghijkl',
  'abcd12345678',
  'abcdefg12345',
  'aa123456789a',
  'insurance123',
  'insurance1234',
  'healthinsurance',
  'lifeinsurance',
  'letmeinplease',
  'correcthorsebatterystaple',
  'thisismypassword',
  'mypassword123',
  'temppassword1',
  'temporarypassword',
  'p@ssw0rd1234',
  'p@ssword1234',
  'passw0rd1234',
]);

const RUNS = ['0123456789012345678901234567890', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm', '9876543210987654321098765'];

/** True when a password is on the kept list or of a shape guessed at once. */
export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  if (COMMON.has(p)) return true;
  if (/^(.)\1+$/.test(p)) return true;
  if (RUNS.some((run) => run.includes(p))) return true;
  return /^(password|passw0rd|p@ssw0rd|qwerty|letmein|welcome|admin)[\d!@#$%^&*.]*$/.test(p);
}
