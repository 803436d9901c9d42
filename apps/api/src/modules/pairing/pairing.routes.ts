import { toFieldErrors } from '@grove/domain';
import { pairingApi } from '@grove/domain/api/pairing';
import { z } from 'zod';
import { route } from '../../lib/contract.ts';
import { HttpError, ValidationError } from '../../lib/errors.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  approvePairing,
  checkPairing,
  denyPairing,
  DeviceFlowError,
  pollDeviceToken,
  requestDeviceCode,
  type PairingDeps,
} from './pairing.service.ts';

export type { PairingDeps } from './pairing.service.ts';

const NOT_A_BODY = 'The body must be a form (application/x-www-form-urlencoded) or a JSON object.';

/** "field: message" for each refused field (and the messages that name no field). */
function describeFields(fields: Record<string, string[]>): string {
  return Object.entries(fields)
    .map(([field, messages]) => (field === 'non_field_errors' ? messages : messages.map((m) => `${field}: ${m}`)))
    .flat()
    .join(' ');
}

/**
 * A refusal of the token request that is not yet in RFC 6749 §5.2's words (the contract's schema,
 * a body that is neither a form nor JSON): invalid_request. Others are left as they are.
 */
export function asInvalidRequest(error: unknown): DeviceFlowError | null {
  if (error instanceof DeviceFlowError) return null;
  if (error instanceof z.ZodError) return new DeviceFlowError('invalid_request', describeFields(toFieldErrors(error)));
  if (error instanceof ValidationError) return new DeviceFlowError('invalid_request', describeFields(error.fields));
  if (error instanceof HttpError)
    return error.statusCode === 400 ? new DeviceFlowError('invalid_request', error.detail) : null;
  // Fastify's own refusals of a body it cannot read (an empty JSON body, a broken form…).
  if ((error as { statusCode?: unknown }).statusCode === 400) return new DeviceFlowError('invalid_request', NOT_A_BODY);
  return null;
}

/**
 * Connecting a tablet (docs/decisions/0042-device-pairing.md). The game's two calls are public and
 * take a form or JSON, as RFC clients send; the parent's three are account routes (members and
 * staff). The token request runs in a scope of its own whose refusals all speak RFC 6749 §5.2
 * (`{ error, error_description }`, the contract's 400 answer); the scope's error handler hands
 * every other error on to the app's.
 */
export function pairingRoutes(app: App, deps: PairingDeps) {
  const { db } = deps;
  const open = { policy: 'public' } as const;
  const user = { policy: 'user' } as const;

  route(app, pairingApi.deviceCode, open, async (request) =>
    requestDeviceCode(deps, {
      clientId: request.body.client_id,
      deviceName: request.body.device_name ?? '',
      platform: request.body.platform ?? '',
      ip: request.ip,
    }),
  );

  app.register(async (api) => {
    api.setErrorHandler((error) => {
      throw asInvalidRequest(error) ?? error;
    });
    route(api, pairingApi.deviceToken, open, async (request) =>
      pollDeviceToken(db, {
        grantType: request.body.grant_type,
        deviceCode: request.body.device_code,
        clientId: request.body.client_id,
      }),
    );
  });

  // A staff member's approval or refusal is written to the account's audit log.
  const audited = (entity: string) => ({
    ...user,
    audit: { entity, target: ({ params }: { params: { id: number } }) => ({ accountId: params.id, entityId: null }) },
  });
  route(app, pairingApi.check, audited('device_pairing'), async (request) =>
    checkPairing(db, requireUser(request), request.params.id, { userCode: request.body.user_code, ip: request.ip }),
  );
  route(app, pairingApi.approve, audited('device'), async (request, reply) =>
    reply.status(201).send(
      await approvePairing(db, requireUser(request), request.params.id, {
        userCode: request.body.user_code,
        name: request.body.name,
        ip: request.ip,
      }),
    ),
  );
  route(app, pairingApi.deny, audited('device_pairing'), async (request) =>
    denyPairing(db, requireUser(request), request.params.id, { userCode: request.body.user_code, ip: request.ip }),
  );
}
