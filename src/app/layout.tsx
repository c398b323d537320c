import { Link, Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { sharedFilterSearch } from '../domain/filters'
import { ApiConfigProvider } from '../api'
import {
  InstallationHeader,
  InstallationPicker,
  InstallationScopeContext,
  useInstallationScope,
} from '../features/installation'
import { NAV, PRIVACY_LINE, PRODUCT } from './shell'
import { useFocusOnNavigation } from './use-focus-on-navigation'

/**
 * The shell around every page: installation header (and, on a server over many, the picker),
 * navigation, the privacy promise. Pages ask the installation the URL names.
 */
export function Layout() {
  useFocusOnNavigation()
  const scope = useInstallationScope()
  if (scope.state === 'finding') {
    return (
      <Shell>
        <p className="state" role="status">
          Finding the installation {scope.name}…
        </p>
      </Shell>
    )
  }
  return (
    <ApiConfigProvider config={scope.config}>
      <InstallationScopeContext.Provider value={scope}>
        <Shell
          picker={
            <>
              {scope.list ? <InstallationPicker list={scope.list} name={scope.name} /> : null}
              {scope.ignored ? (
                <p className="state" role="status">
                  {scope.ignored}
                </p>
              ) : null}
            </>
          }
        >
          <Outlet />
        </Shell>
      </InstallationScopeContext.Provider>
    </ApiConfigProvider>
  )
}

function Shell({ picker, children }: { picker?: ReactNode; children: ReactNode }) {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <div className="shell__title">
          <span className="product">{PRODUCT}</span>
          <InstallationHeader />
          {picker}
        </div>
        <nav aria-label="Main">
          <ul className="nav">
            {NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  // The shared filters go along (range, zone, tools); a page's own ones do not.
                  search={sharedFilterSearch}
                  // Active on its page whatever the filters in the URL; Overview only on `/` itself.
                  activeOptions={{ exact: item.to === '/', includeSearch: false }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="privacy-line">{PRIVACY_LINE}</p>
      </header>
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
