import pino from 'pino';

// Never log credentials, tokens or customers' medical details.
export const logger = pino({
  level: process.env.LOG_LEVEL || 'info',
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.currentPassword',
      '*.newPassword',
      '*.credential',
      '*.medicalHistory',
      '*.medications',
    ],
    censor: '[redacted]',
  },
});
