import { describe, expect, it } from 'vitest';
import { debianArchive } from './pgvector.mjs';

// `apt-cache policy` on a Debian 12 machine with the security archive and a third-party one.
const POLICY = `Package files:
 100 /var/lib/dpkg/status
     release a=now
 500 https://apt.example.org/node nodistro/main amd64 Packages
     release o=Node Source,n=nodistro,c=main,b=amd64
 500 https://security.example.org/debian-security bookworm-security/main amd64 Packages
     release v=12,o=Debian,a=oldstable-security,n=bookworm-security,l=Debian-Security,c=main,b=amd64
 500 https://mirror.example.org/debian bookworm-updates/main amd64 Packages
     release v=12-updates,o=Debian,a=oldstable-updates,n=bookworm-updates,l=Debian,c=main,b=amd64
 500 https://mirror.example.org/debian bookworm/main amd64 Packages
     release v=12.15,o=Debian,a=oldstable,n=bookworm,l=Debian,c=main,b=amd64
Pinned packages:
`;

describe('the Debian archive pgvector sources come from', () => {
  it("is the archive that serves this release's own main component", () => {
    expect(debianArchive(POLICY, 'bookworm')).toBe('https://mirror.example.org/debian');
  });

  it('is unknown when apt has no archive for this release', () => {
    expect(debianArchive(POLICY, 'trixie')).toBeUndefined();
    expect(debianArchive('Package files:\n 100 /var/lib/dpkg/status\n', 'bookworm')).toBeUndefined();
  });
});
