import autocannon from 'autocannon';
const url = process.argv[2]; const secs = Number(process.argv[3] ?? 30);
const paths = ['/api/ping','/api/years','/api/statistics?year=2024','/api/statistics?year=global','/api/category?year=global&category=topNames','/api/companies','/','/estadisticas/2024','/estadisticas/global','/api/participants?name=ane%20perez%20garcia&company=x'];
const r = await autocannon({ url, connections: 8, duration: secs, overallRate: Number(process.argv[4] ?? 0) || undefined, requests: paths.map(p=>({path:p, headers: {'accept-encoding': 'br, gzip'}})) });
console.log('req/s', Math.round(r.requests.average));
