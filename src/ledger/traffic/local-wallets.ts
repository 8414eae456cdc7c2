// The pre-funded wallets of the local network: what a developer deploys and sends with (Blueprint's
// WALLET_MNEMONIC and WALLET_VERSION, TonClient, tonweb). Each has a 24-word mnemonic of its own,
// the same for the same seed, and a version: v4r2 and v5r1 alternately, on the basechain. The v5r1
// wallets sign for network id -239, mainnet's: the network runs mainnet's config, whose global id
// that is, and it is what Blueprint and @ton/ton sign a v5r1 transfer for unless told otherwise.
import { mnemonicToWalletKey, mnemonicValidate, mnemonicWordList } from '@ton/crypto';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { createHash } from 'node:crypto';
import type { Address } from '@ton/core';
import { toRaw } from '../../ton/address';
import { deriveKeyPair } from './keys';
import { TrafficWallet } from './wallets';

export const LOCAL_WALLET_COUNT = 6;
/** The faucet wallet's key index and funds: it funds the pre-funded wallets, then pays faucet requests. */
const FAUCET_KEY = 3000;
export const FAUCET_BALANCE = 100_000_000n * 1_000_000_000n;
/** Messages one faucet external carries at most (a v5r1 wallet sends up to 255). */
export const FAUCET_BATCH = 255;

/** The faucet wallet of a seed: a v5r1 wallet on the basechain, funded at genesis. */
export function faucetWallet(seed: number): TrafficWallet {
  return new TrafficWallet('v5r1', deriveKeyPair(seed, FAUCET_KEY), 0);
}
/** What each is funded with, by the faucet wallet's first transfer. */
export const LOCAL_WALLET_BALANCE = 100_000n * 1_000_000_000n;
/** The network id a v5r1 wallet signs for: mainnet's, the global id of the config the network runs. */
export const NETWORK_GLOBAL_ID = -239;

export type LocalWalletVersion = 'v4r2' | 'v5r1';

export interface LocalWallet {
  version: LocalWalletVersion;
  mnemonic: string[];
  publicKey: Buffer;
  /** ed25519 secret key as @ton/crypto gives it (seed and public key, 64 bytes). */
  secretKey: Buffer;
  address: Address;
}

/** The listing a server serves and `npm start` prints (no secret key: the mnemonic is the key). */
export interface LocalWalletListing {
  version: LocalWalletVersion;
  address: string;
  /** Non-bounceable, as a wallet not deployed yet is shown (no test-only flag: the network runs mainnet's config). */
  friendly: string;
  mnemonic: string;
  /** What a v5r1 wallet signs for (Blueprint's WALLET_NETWORK_ID); null for v4r2. */
  network_id: number | null;
}

export function walletContract(version: LocalWalletVersion, publicKey: Buffer) {
  return version === 'v4r2'
    ? WalletContractV4.create({ workchain: 0, publicKey })
    : WalletContractV5R1.create({
        publicKey,
        walletId: {
          networkGlobalId: NETWORK_GLOBAL_ID,
          context: { workchain: 0, subwalletNumber: 0, walletVersion: 'v5r1' },
        },
      });
}

/**
 * The `index`-th wallet's mnemonic: words drawn from the seed until they make a valid TON mnemonic
 * (its check word is a PBKDF2 of the words: a few hundred draws, a few milliseconds each).
 */
async function mnemonicOf(seed: number, index: number): Promise<string[]> {
  for (let attempt = 0; ; attempt++) {
    const words = Array.from({ length: 24 }, (_, i) => {
      const h = createHash('sha256').update(`ledgerscope-mnemonic:${seed}:${index}:${attempt}:${i}`).digest();
      return mnemonicWordList[h.readUInt16BE(0) % mnemonicWordList.length]!;
    });
    if (await mnemonicValidate(words)) return words;
  }
}

/** The seed's pre-funded wallets, in order. */
export async function localWallets(seed: number): Promise<LocalWallet[]> {
  return Promise.all(
    Array.from({ length: LOCAL_WALLET_COUNT }, async (_, i) => {
      const version: LocalWalletVersion = i % 2 === 0 ? 'v4r2' : 'v5r1';
      const mnemonic = await mnemonicOf(seed, i);
      const key = await mnemonicToWalletKey(mnemonic);
      return {
        version,
        mnemonic,
        publicKey: key.publicKey,
        secretKey: key.secretKey,
        address: walletContract(version, key.publicKey).address,
      };
    }),
  );
}

/** The ledger metadata key the wallets are kept under once derived (no PBKDF2 at a later start). */
const META_KEY = 'local_wallets';

interface KeptWallet {
  version: LocalWalletVersion;
  mnemonic: string;
  public_key: string;
}

/**
 * The seed's pre-funded wallets, without their secret keys: read from the ledger's metadata when a
 * start before kept them there, else derived (about a second of PBKDF2) and kept when the ledger is
 * writable. What the producer funds and the server lists.
 */
export async function keptLocalWallets(
  seed: number,
  meta: { getMeta(key: string): Promise<string | null>; setMeta?(key: string, value: string): Promise<void> },
): Promise<Omit<LocalWallet, 'secretKey'>[]> {
  const kept = await meta.getMeta(META_KEY);
  if (kept) {
    const doc = JSON.parse(kept) as { seed: number; wallets: KeptWallet[] };
    if (doc.seed === seed)
      return doc.wallets.map((w) => {
        const publicKey = Buffer.from(w.public_key, 'hex');
        return {
          version: w.version,
          mnemonic: w.mnemonic.split(' '),
          publicKey,
          address: walletContract(w.version, publicKey).address,
        };
      });
  }
  const wallets = await localWallets(seed);
  const doc = {
    seed,
    wallets: wallets.map((w) => ({
      version: w.version,
      mnemonic: w.mnemonic.join(' '),
      public_key: w.publicKey.toString('hex'),
    })),
  };
  await meta.setMeta?.(META_KEY, JSON.stringify(doc));
  return wallets;
}

export function listing(w: Omit<LocalWallet, 'secretKey'>): LocalWalletListing {
  return {
    version: w.version,
    address: toRaw(w.address),
    friendly: w.address.toString({ bounceable: false, urlSafe: true }),
    mnemonic: w.mnemonic.join(' '),
    network_id: w.version === 'v5r1' ? NETWORK_GLOBAL_ID : null,
  };
}
