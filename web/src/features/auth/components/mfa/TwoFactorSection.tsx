import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonStyles } from '../../../../components/ui/button-styles'
import { FormMessage } from '../../../../components/ui/Field'
import { useRecoveryCodesLeft, useTotpFactors } from '../../api/mfa-queries'
import { useAuth } from '../../hooks/use-auth'
import { useTwoFactor } from '../../hooks/use-two-factor'
import { ConfirmPanel } from './ConfirmPanel'
import { FactorList } from './FactorList'
import { RecoveryCodesPanel } from './RecoveryCodesPanel'
import { RecoveryCodesStatus } from './RecoveryCodesStatus'
import { SetupPanel } from './SetupPanel'

const HEADING_ID = 'two-factor-heading'

/**
 * The account page's two-step verification section (docs/product.md#two-step-verification):
 * on or off, set up with an authenticator app, the recovery codes shown once after it, the apps
 * with Remove, and new recovery codes. Loaded lazily by the account page.
 */
export default function TwoFactorSection() {
  const { t } = useTranslation('auth')
  const { user, session } = useAuth()
  const userId = user?.id ?? ''
  const factorsQuery = useTotpFactors(userId)
  const factors = factorsQuery.data ?? []
  const on = factors.some((factor) => factor.status === 'verified')
  const left = useRecoveryCodesLeft(userId, session?.access_token, on)
  const section = useTwoFactor(userId, factors)
  const { phase, news, busyWith, problem } = section
  const busy = busyWith !== null
  const outcomeRef = useRef<HTMLOutputElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  // A change ends in the overview: its outcome takes the focus, as the panel it came from is gone.
  useEffect(() => {
    if (news === 'removed') outcomeRef.current?.focus()
  }, [news])

  const backToOverview = () => {
    section.back()
    headingRef.current?.focus()
  }

  const overview = () => (
    <>
      <p className="mt-4 font-medium text-ocean-900">{on ? t('twoFactor.on') : t('twoFactor.off')}</p>
      {phase.name === 'overview' && <FormMessage tone="error">{problem ? t(`errors.${problem.key}`) : null}</FormMessage>}
      {!on && (
        <button type="button" disabled={busy} onClick={() => void section.startSetup()} className={`${buttonStyles.primary} mt-4`}>
          {busyWith === 'mfaSetup' ? t('twoFactor.starting') : t('twoFactor.setUp')}
        </button>
      )}
      {factors.length > 0 && <FactorList factors={factors} busy={busy} onRemove={(factor) => void section.ask({ kind: 'remove', factor })} />}
      {on && (
        <RecoveryCodesStatus
          left={left.data ?? null}
          busy={busyWith === 'recoveryCodes'}
          onGenerate={() => void section.ask({ kind: 'newCodes' })}
        />
      )}
    </>
  )

  const body = () => {
    if (factorsQuery.isPending) {
      return (
        <p aria-busy="true" className="mt-4 text-sm text-slate-600">
          {t('twoFactor.loading')}
        </p>
      )
    }
    if (factorsQuery.isError) {
      return (
        <div className="mt-4 space-y-3">
          <FormMessage tone="error">{t('errors.mfa_load_failed')}</FormMessage>
          <button type="button" onClick={() => void factorsQuery.refetch()} className={buttonStyles.secondary}>
            {t('twoFactor.retry')}
          </button>
        </div>
      )
    }
    switch (phase.name) {
      case 'setup':
        return (
          <SetupPanel
            qrCode={phase.qrCode}
            secret={phase.secret}
            busy={busy}
            problem={problem}
            onConfirm={(code) => void section.confirmSetup(code)}
            onCancel={() => {
              section.cancelSetup()
              headingRef.current?.focus()
            }}
          />
        )
      case 'codes':
        return <RecoveryCodesPanel codes={phase.codes} email={user?.email ?? ''} onDone={backToOverview} />
      case 'confirm':
        return (
          <ConfirmPanel
            key={`${phase.action.kind}-${String(phase.needsCode)}`}
            action={phase.action}
            needsCode={phase.needsCode}
            busy={busy}
            problem={problem}
            onConfirm={(code) => void section.confirm(code)}
            onCancel={backToOverview}
          />
        )
      default:
        return overview()
    }
  }

  return (
    <section aria-labelledby={HEADING_ID} className="card">
      <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
        {t('twoFactor.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t('twoFactor.intro')}</p>
      <output ref={outcomeRef} tabIndex={-1} className={news ? 'form-success mt-6 block focus:outline-none' : 'sr-only'}>
        {news === 'enabled' ? t('twoFactor.enabled') : news === 'removed' ? t('twoFactor.factors.removed') : ''}
      </output>
      {body()}
    </section>
  )
}
