import { createService, type Service, type ServiceOptions } from './create-service'

/**
 * Starts the service for other programs (`hql serve --port 8080`) and prints where it is and the demo
 * credentials. Returns the service; the caller decides when to close it (the CLI closes it on SIGINT).
 */
export async function serve(
  options: ServiceOptions = {},
  print: (line: string) => void = console.log,
): Promise<Service> {
  const service = await createService(options)
  print(`hql reference service on the sample catalog (synthetic sources, prices, users and collections)`)
  print(
    `  base URL:   ${service.baseUrl}   (POST /graph/explore, /graph/relate, /graph/silos, /graph/lookup)`,
  )
  print(`  auth URL:   ${service.authUrl}   (POST /1.3/security/oauth/token)`)
  print(`  playground: ${service.baseUrl}/playground/   (open it in a browser)`)
  print(`  client:     ${service.demo.clientId} / ${service.demo.clientSecret}`)
  print(`  user:       ${service.demo.username} / ${service.demo.password}`)
  print(`  started in ${Math.round(service.startupMs)} ms`)
  return service
}
