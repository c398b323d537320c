import { Link, Outlet } from '@tanstack/react-router'
import { sharedFilterSearch } from '../domain/filters'
import { InstallationHeader } from '../features/installation'
import { NAV, PRIVACY_LINE, PRODUCT } from './shell'
import { useFocusOnNavigation } from './use-focus-on-navigation'

/** The shell around every page: installation header, navigation, the privacy promise. */
export function Layout() {
  useFocusOnNavigation()
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <div className="shell__title">
          <span className="product">{PRODUCT}</span>
          <InstallationHeader />
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
        <Outlet />
      </main>
    </div>
  )
}
